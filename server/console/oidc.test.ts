// The OpenID Connect sign-in end to end over HTTP: the console server with its embedded local cloud's provider.
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { createConsoleApp } from '../app.ts'
import { createLogger } from './log.ts'
import { startOidcConsole } from './oidc-test-console.ts'
import type { LocalCloud } from '../local-cloud/index.ts'
import { GLOBEX_ORG_ID } from '../local-cloud/catalog/ids.ts'

let cloud: LocalCloud
let base: string
let clock = Date.now()
let app: ReturnType<typeof createConsoleApp>
let close: () => Promise<void>

beforeAll(async () => {
  // The console's clock runs ahead of the provider's when a test moves it: the refresh is due, the token still good.
  ;({ cloud, base, app, close } = await startOidcConsole({ accessTokenSeconds: 40, app: { now: () => clock } }))
})

afterAll(() => close())

/** A browser's cookies for one origin, enough for these redirects. */
class Jar {
  readonly cookies = new Map<string, string>()
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      if (/max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

async function get(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(url, base), {
    ...init,
    redirect: 'manual',
    headers: { cookie: jar.header(), origin: base, 'x-requested-with': 'cloud-console', ...init.headers },
  })
  jar.take(response)
  return response
}

/** Follows the flow to the provider's sign-in page; answers its path and the callback's query tamper hook. */
async function toSignInPage(jar: Jar): Promise<string> {
  const start = await get(jar, '/console/oidc/start')
  expect(start.status).toBe(302)
  const authorize = await get(jar, start.headers.get('location')!)
  expect(authorize.status).toBe(303)
  return authorize.headers.get('location')!
}

/** Chooses a person on the provider's page and returns the callback URL the provider sends the browser to. */
async function choose(jar: Jar, page: string, email: string): Promise<string> {
  const chosen = await get(jar, page, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const resumed = await get(jar, chosen.headers.get('location')!)
  const callback = resumed.headers.get('location')!
  expect(callback).toContain('/console/oidc/callback?')
  return callback
}

async function signIn(email: string): Promise<Jar> {
  const jar = new Jar()
  const callback = await get(jar, await choose(jar, await toSignInPage(jar), email))
  expect(callback.status).toBe(302)
  expect(jar.cookies.has('cc_session')).toBe(true)
  return jar
}

async function organizations(jar: Jar): Promise<Response> {
  return get(jar, '/api/identity/api/v1/organizations')
}

describe('OpenID Connect sign-in', () => {
  it('signs in as the person chosen on the provider page, whose access token the local cloud accepts', async () => {
    // The first sign-in loads the provider: on Node 20 it must not print oidc-provider's runtime warning.
    const warn = vi.spyOn(console, 'warn')
    const jar = await signIn('hank.scorpio@globex.example')
    expect(warn.mock.calls.flat().join('\n')).not.toContain('Unsupported runtime')
    warn.mockRestore()
    const session = (await (await get(jar, '/console/session')).json()) as Record<string, string>
    expect(session.kind).toBe('oidc')
    expect(Date.parse(session.accessExpiresAt!)).toBeGreaterThan(Date.now())
    const answer = await organizations(jar)
    expect(answer.status).toBe(200)
    const orgs = (await answer.json()) as { metadata: { id: string } }[]
    expect(orgs.map((org) => org.metadata.id)).toEqual([GLOBEX_ORG_ID])
  })

  it('refuses a callback whose state is not the one the sign-in started with', async () => {
    const jar = new Jar()
    const callback = new URL(await choose(jar, await toSignInPage(jar), 'alex.morgan@acme.example'))
    callback.searchParams.set('state', 'forged')
    const answer = await get(jar, callback.toString())
    expect(answer.status).toBe(400)
    expect(jar.cookies.has('cc_session')).toBe(false)
  })

  it('refuses an ID token whose nonce is not the one the sign-in started with', async () => {
    const jar = new Jar()
    const callback = await choose(jar, await toSignInPage(jar), 'alex.morgan@acme.example')
    // The pending sign-in's cookie as another sign-in would have left it: same state, another nonce.
    const pending = JSON.parse(Buffer.from(jar.cookies.get('cc_oidc')!, 'base64url').toString()) as object
    jar.cookies.set('cc_oidc', Buffer.from(JSON.stringify({ ...pending, nonce: 'another' })).toString('base64url'))
    const answer = await get(jar, callback)
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain('Sign-in failed')
    expect(jar.cookies.has('cc_session')).toBe(false)
  })

  it('refreshes once for many requests arriving together, and the old access token stops working', async () => {
    const jar = await signIn('alex.morgan@acme.example')
    const id = jar.cookies.get('cc_session')!
    const before = { ...(await app.sessions.get(id))! }
    const refreshes = cloud.oidc!.refreshes()
    clock = before.accessExpiresAt! - 1000
    const answers = await Promise.all(Array.from({ length: 8 }, () => organizations(jar)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    expect(cloud.oidc!.refreshes()).toBe(refreshes + 1)
    const after = (await app.sessions.get(id))!
    expect(after.token).not.toBe(before.token)
    expect(after.refreshToken).not.toBe(before.refreshToken)
    const old = await cloud.fetch(
      new Request('http://local/local/identity/api/v1/organizations', {
        headers: { authorization: `Bearer ${before.token}` },
      }),
    )
    expect(old.status).toBe(401)
  })

  it('answers 401 when the refresh token was revoked, and sign-out ends the session', async () => {
    const jar = await signIn('sam.okafor@acme.example')
    expect((await organizations(jar)).status).toBe(200)
    await cloud.oidc!.revokeGrantsOf('sam.okafor@acme.example')
    const session = (await app.sessions.get(jar.cookies.get('cc_session')))!
    clock = session.accessExpiresAt! - 1000
    expect((await organizations(jar)).status).toBe(401)

    const again = await signIn('sam.okafor@acme.example')
    expect((await organizations(again)).status).toBe(200)
    expect((await get(again, '/console/session', { method: 'DELETE' })).status).toBe(204)
    expect((await organizations(again)).status).toBe(401)
  })
})

describe('a provider failing for a moment', () => {
  it('keeps the session through a 500 on refresh, says so as transient, and refreshes on the next request', async () => {
    const jar = await signIn('alex.morgan@acme.example')
    const id = jar.cookies.get('cc_session')!
    const session = (await app.sessions.get(id))!
    // The access token has run out by the console's clock: no request can go on without a refresh.
    clock = session.accessExpiresAt! + 1000
    const refreshes = cloud.oidc!.refreshes()
    cloud.oidc!.failTokenCalls(1)
    const failed = await organizations(jar)
    expect(failed.status).toBe(503)
    expect(failed.headers.get('x-console-session')).toBeNull()
    const said = (await failed.json()) as { error: string; error_description: string }
    // Its own code: the SPA titles it for the sign-in provider, not the platform the request was for.
    expect(said.error).toBe('sign_in_provider_unavailable')
    expect(said.error_description).toContain('the token service is temporarily unavailable')
    expect(said.error_description).toMatch(/transient/)
    expect(await app.sessions.get(id)).toBeDefined()

    expect((await organizations(jar)).status).toBe(200)
    expect(cloud.oidc!.refreshes()).toBe(refreshes + 1)
  })
})

describe('a client secret the provider does not know', () => {
  let wrong: { base: string; lines: string[]; close: () => Promise<void> }
  beforeAll(async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    // The provider registers the console with the secret it generates; the console is configured with another.
    const running = await startOidcConsole({
      env: { OIDC_CLIENT_SECRET: 'not-the-registered-one' },
      app: { logger: createLogger('info', sink) },
    })
    wrong = { base: running.base, lines, close: running.close }
  })
  afterAll(() => wrong.close())

  it('says the administrator must fix the client registration, that retrying will not help, and logs invalid_client', async () => {
    const jar = new Jar()
    const at = (path: string) => new URL(path, wrong.base).toString()
    const start = await get(jar, at('/console/oidc/start'))
    const authorize = await get(jar, at(start.headers.get('location')!))
    const chosen = await get(jar, at(authorize.headers.get('location')!), {
      method: 'POST',
      body: new URLSearchParams({ email: 'alex.morgan@acme.example' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const resumed = await get(jar, at(chosen.headers.get('location')!))
    const answer = await get(jar, at(resumed.headers.get('location')!))
    const page = await answer.text()
    expect(page).toContain('invalid_client')
    expect(page).toContain('An administrator must fix the client registration')
    expect(page).toContain('signing in again will not help')
    expect(jar.cookies.has('cc_session')).toBe(false)
    const requestId = answer.headers.get('x-request-id')
    expect(wrong.lines.some((line) => line.includes('"invalid_client"') && line.includes(`"${requestId}"`))).toBe(true)
  })
})
