import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF, startConsoleServer, type RunningConsole } from './test-support.ts'

const MINUTE = 60_000

/** A browser's cookie jar, as far as these answers go: a cookie set with Max-Age=0 is gone. */
class Jar {
  private readonly cookies = new Map<string, string>()
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair!.split('=') as [string, string]
      if (/Max-Age=0(;|$)/.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  drop(name: string) {
    this.cookies.delete(name)
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

describe('the console server’s 401 for a session it no longer has', () => {
  let now = 1_000_000
  let running: RunningConsole
  const localCloud = { tokens: { admin: 'demo-token' }, fetch: async () => Response.json([]) }
  beforeAll(async () => {
    running = await startConsoleServer(
      { REGION_URL: 'http://127.0.0.1:9', SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '8' },
      { localCloud, now: () => now },
    )
  })
  afterAll(() => running.close())

  const signedIn = async () => {
    const jar = new Jar()
    const res = await fetch(`${running.base}/console/session`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ token: 'any' }),
    })
    expect(res.status).toBe(201)
    jar.take(res)
    return jar
  }
  const read = (jar: Jar) =>
    fetch(`${running.base}/api/identity/api/v1/organizations`, { headers: jar.header ? { cookie: jar.header } : {} })

  it('says the browser signed out, to a tab whose next request comes after the sign-out', async () => {
    const jar = await signedIn()
    expect((await read(jar)).status).toBe(200)
    jar.take(
      await fetch(`${running.base}/console/session`, { method: 'DELETE', headers: { ...CSRF, cookie: jar.header } }),
    )

    const res = await read(jar)
    expect(res.status).toBe(401)
    expect(res.headers.get('x-console-session')).toBe('ended')
    expect(res.headers.get('x-console-session-end')).toBe('signed-out')
    expect((await res.json()).error_description).toBe(
      'This browser signed out of the console, in another tab or window, which ended this session too.',
    )
  })

  it('says the session expired, with the limits, once the browser has let its cookie go', async () => {
    const jar = await signedIn()
    now += 31 * MINUTE
    jar.drop('cc_session')
    const res = await read(jar)
    expect(res.headers.get('x-console-session-end')).toBe('expired')
    expect((await res.json()).error_description).toBe(
      'The session expired: the console server ends a session unused for 30 minutes, and any session 8 hours after sign-in.',
    )
  })

  it('says it kept no reason for a session cookie it does not know, and that none is held with no cookie', async () => {
    const gone = await fetch(`${running.base}/api/identity/api/v1/organizations`, {
      headers: { cookie: 'cc_session=nope' },
    })
    expect(gone.headers.get('x-console-session-end')).toBe('gone')
    const none = await fetch(`${running.base}/api/identity/api/v1/organizations`)
    expect(none.headers.get('x-console-session-end')).toBe('none')
    expect((await none.json()).error_description).toBe('This browser holds no console session: its cookie is gone.')
  })

  it('names a new sign-in’s session as live again: the reason is written afresh', async () => {
    const jar = await signedIn()
    jar.take(
      await fetch(`${running.base}/console/session`, { method: 'DELETE', headers: { ...CSRF, cookie: jar.header } }),
    )
    const again = await fetch(`${running.base}/console/session`, {
      method: 'POST',
      headers: { ...CSRF, cookie: jar.header },
      body: JSON.stringify({ token: 'any' }),
    })
    jar.take(again)
    expect((await read(jar)).status).toBe(200)
    jar.drop('cc_session')
    expect((await read(jar)).headers.get('x-console-session-end')).toBe('expired')
  })
})
