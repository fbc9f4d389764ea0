// The OpenID Connect sign-in end to end over HTTP: the console server with its embedded local cloud's provider.
import { createServer, type Server } from 'node:http'
import { Writable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createConsoleApp } from '../app.ts'
import { readConfig } from '../config.ts'
import { createLogger } from './log.ts'
import { createLocalCloud, type LocalCloud } from '../local-cloud/index.ts'

let server: Server
let cloud: LocalCloud
let dataDir: string
let base: string
let clock = Date.now()
let app: ReturnType<typeof createConsoleApp>

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'oidc-test-'))
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
  const config = readConfig({ PORT: String(port), PUBLIC_URL: base })
  cloud = await createLocalCloud({
    dataDir,
    provisionMs: 0,
    oidc: {
      issuer: config.upstreams.identity,
      client: { clientId: 'cloud-console', redirectUris: [`${base}/console/oidc/callback`] },
      accessTokenSeconds: 40,
    },
  })
  // The console's clock runs ahead of the provider's when a test moves it: the refresh is due, the token still good.
  app = createConsoleApp({ config, localCloud: cloud, spa: (_req, res) => void res.end(), now: () => clock })
  server.on('request', app.handle)
  app.setLoopbackPort(port)
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
})

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
    expect(orgs.map((org) => org.metadata.id)).toEqual(['globex-research'])
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

describe('a client secret the provider does not know', () => {
  let wrong: { server: Server; cloud: LocalCloud; dataDir: string; base: string; lines: string[] }
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oidc-wrong-secret-'))
    const wrongServer = createServer()
    await new Promise<void>((resolve) => wrongServer.listen(0, '127.0.0.1', resolve))
    const port = (wrongServer.address() as AddressInfo).port
    const wrongBase = `http://127.0.0.1:${port}`
    // The provider registers the console with the secret it generates; the console is configured with another.
    const config = readConfig({
      PORT: String(port),
      PUBLIC_URL: wrongBase,
      OIDC_CLIENT_SECRET: 'not-the-registered-one',
    })
    const wrongCloud = await createLocalCloud({
      dataDir: dir,
      provisionMs: 0,
      oidc: {
        issuer: config.upstreams.identity,
        client: { clientId: 'cloud-console', redirectUris: [`${wrongBase}/console/oidc/callback`] },
      },
    })
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    const wrongApp = createConsoleApp({
      config,
      localCloud: wrongCloud,
      spa: (_req, res) => void res.end(),
      logger: createLogger('info', sink),
    })
    wrongServer.on('request', wrongApp.handle)
    wrongApp.setLoopbackPort(port)
    wrong = { server: wrongServer, cloud: wrongCloud, dataDir: dir, base: wrongBase, lines }
  })
  afterAll(async () => {
    wrong.server.closeAllConnections()
    await new Promise<void>((resolve) => wrong.server.close(() => resolve()))
    await wrong.cloud.close()
    await rm(wrong.dataDir, { recursive: true, force: true })
  })

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
