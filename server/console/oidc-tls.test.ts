// OpenID Connect sign-in behind a load balancer that terminates TLS: an https PUBLIC_URL, TRUST_PROXY=true, and the
// browser's requests arriving over plain http with X-Forwarded-Proto: https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcConsole } from './oidc-test-console.ts'

let running: Awaited<ReturnType<typeof startOidcConsole>>
/** Where the test connects: the load balancer's side of the hop. */
let base: string
/** What the browser has in its address bar. */
let publicUrl: string

beforeAll(async () => {
  running = await startOidcConsole({
    publicUrl: (plain) => plain.replace(/^http:/, 'https:'),
    env: { TRUST_PROXY: 'true' },
  })
  ;({ base, publicUrl } = running)
})

afterAll(() => running.close())

/** A browser's cookies for the console's origin, and every Set-Cookie line it was sent. */
class Browser {
  readonly cookies = new Map<string, string>()
  readonly setCookies: string[] = []

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, publicUrl)
    expect(target.origin).toBe(publicUrl)
    const response = await fetch(new URL(target.pathname + target.search, base), {
      ...init,
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        origin: publicUrl,
        'x-forwarded-proto': 'https',
        ...init.headers,
      },
    })
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line)
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      if (/max-age=0/i.test(line)) this.cookies.delete(pair!.slice(0, eq))
      else this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1))
    }
    return response
  }

  /** Runs the sign-in up to the provider's redirect back: the callback URL, not yet visited. */
  async callbackFor(email: string): Promise<string> {
    const start = await this.get('/console/oidc/start')
    expect(start.status).toBe(302)
    const authorize = await this.get(start.headers.get('location')!)
    expect(authorize.status).toBe(303)
    const chosen = await this.get(authorize.headers.get('location')!, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const resumed = await this.get(chosen.headers.get('location')!)
    const callback = resumed.headers.get('location')!
    expect(callback.startsWith(`${publicUrl}/console/oidc/callback?`)).toBe(true)
    return callback
  }

  async who(): Promise<string | undefined> {
    const session = (await (await this.get('/console/session')).json()) as { person?: { email?: string } } | null
    return session?.person?.email
  }
}

describe('OpenID Connect sign-in behind TLS termination', () => {
  it('signs in through the embedded provider, every cookie on the way marked Secure', async () => {
    const browser = new Browser()
    const callback = await browser.get(await browser.callbackFor('alex.morgan@acme.example'))
    expect(callback.status).toBe(302)
    expect(await browser.who()).toBe('alex.morgan@acme.example')
    expect(browser.setCookies.length).toBeGreaterThan(2)
    for (const line of browser.setCookies) expect(line).toMatch(/;\s*secure(;|$)/i)
  })

  it('keeps the sign-in in flight in a __Host- cookie, so a sibling subdomain cannot plant one', async () => {
    const attacker = new Browser()
    const planted = await attacker.callbackFor('hank.scorpio@globex.example')
    const pending = attacker.setCookies.find((line) => /cc_oidc=[^;]/.test(line))!
    expect(pending).toMatch(/^__Host-cc_oidc=/)
    expect(pending).toMatch(/; Path=\/(;|$)/)
    expect(pending).not.toMatch(/domain=/i)
    // A sibling (evil.example.com beside console.example.com) may set any cookie on the parent domain but a __Host-
    // one: it plants the attacker's pending sign-in under the nearest name it can, then sends the victim to the
    // callback the provider gave the attacker.
    const [name, value] = [...attacker.cookies].find(([cookie]) => cookie.endsWith('cc_oidc'))!
    const victim = new Browser()
    victim.cookies.set(name.startsWith('__Host-') ? `__Secure-${name.slice('__Host-'.length)}` : name, value)
    const answer = await victim.get(planted)
    expect(answer.status).toBe(400)
    expect(await victim.who()).toBeUndefined()
  })
})
