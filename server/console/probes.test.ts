import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startConsoleOnRedis, type TestRedis } from './session-store-test-redis.ts'
import { CSRF, signIn, type RunningConsole } from './test-support.ts'

// A console on a real Redis session store, with a stand-in identity API that accepts every token.
describe('probes and an unreachable session store', () => {
  let redis: TestRedis
  let running: RunningConsole
  let stop: () => Promise<void>
  let spaPresent = true
  beforeAll(async () => {
    ;({ redis, running, stop } = await startConsoleOnRedis(
      { REGION_URL: 'http://127.0.0.1:9', TRUST_PROXY: 'true' },
      {
        localCloud: {
          tokens: { admin: 'demo' },
          fetch: async () => Response.json([]),
        },
        spaPresent: () => spaPresent,
      },
    ))
  })
  afterAll(() => stop())

  it('answers liveness and readiness without a session or CSRF header, naming only the checks', async () => {
    const live = await fetch(`${running.base}/healthz`, { headers: { host: 'probe.internal' } })
    expect(live.status).toBe(200)
    const ready = await fetch(`${running.base}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ ok: true, checks: { sessionStore: true, spa: true, accepting: true } })
    spaPresent = false
    expect((await fetch(`${running.base}/readyz`)).status).toBe(503)
    spaPresent = true
  })

  it('marks cookies Secure when the trusted load balancer says the browser used https', async () => {
    const res = await fetch(`${running.base}/console/session`, {
      method: 'POST',
      headers: { ...CSRF, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      body: '{"token":"t"}',
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('set-cookie')).toMatch(/; Secure$/)
  })

  it('answers 503 naming the store while it is down, keeps the session, and recovers', async () => {
    const cookie = await signIn(running.base, { token: 'still-mine' })
    const call = () => fetch(`${running.base}/api/identity/api/v1/organizations`, { headers: { cookie } })
    expect((await call()).status).toBe(200)
    await redis.stop()
    const down = await call()
    expect(down.status).toBe(503)
    expect((await down.json()).error_description).toContain(redis.url)
    expect((await fetch(`${running.base}/readyz`)).status).toBe(503)
    expect((await fetch(`${running.base}/healthz`)).status).toBe(200)
    await redis.start()
    for (let i = 0; i < 200 && (await fetch(`${running.base}/readyz`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 20))
    // This test Redis keeps nothing across a restart, so sign in again: the point is that the console works.
    const again = await signIn(running.base, { token: 'again' })
    expect(
      (await fetch(`${running.base}/api/identity/api/v1/organizations`, { headers: { cookie: again } })).status,
    ).toBe(200)
  })
})
