// A session store that hangs (SIGSTOP: connected, answering nothing) rather than refusing connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startConsoleOnRedis, type TestRedis } from './session-store-test-redis.ts'
import { signIn, type RunningConsole } from './test-support.ts'

const STORE_TIMEOUT_MS = 300
// What the answers may take beyond the store's deadline on a loaded machine; a hung call would take forever.
const SLACK_MS = 1_500

describe('a hung session store', () => {
  let redis: TestRedis
  let running: RunningConsole
  let stop: () => Promise<void>
  const ready = () => fetch(`${running.base}/readyz`).then((res) => res.status)
  beforeAll(async () => {
    ;({ redis, running, stop } = await startConsoleOnRedis(
      { REGION_URL: 'http://127.0.0.1:9', SESSION_STORE_TIMEOUT_MS: String(STORE_TIMEOUT_MS) },
      {
        // A stand-in for the embedded cloud's identity API that accepts every token.
        localCloud: {
          tokens: { admin: 'demo' },
          fetch: async () => Response.json([]),
        },
      },
    ))
  })
  afterAll(async () => {
    redis.resume()
    await stop()
  })

  it('answers 503 naming the store, and readiness says not ready, each within its deadline', async () => {
    const cookie = await signIn(running.base, { token: 'mine' })
    const call = () =>
      fetch(`${running.base}/api/identity/api/v1/organizations`, {
        headers: { cookie },
        signal: AbortSignal.timeout(10_000),
      })
    expect((await call()).status).toBe(200)
    redis.pause()
    try {
      let started = Date.now()
      const hung = await call()
      expect(hung.status).toBe(503)
      expect((await hung.json()).error_description).toContain(redis.url)
      expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)
      started = Date.now()
      const probe = await fetch(`${running.base}/readyz`, { signal: AbortSignal.timeout(10_000) })
      expect(probe.status).toBe(503)
      expect(await probe.json()).toMatchObject({ checks: { sessionStore: false } })
      expect(Date.now() - started).toBeLessThan(STORE_TIMEOUT_MS + SLACK_MS)
    } finally {
      redis.resume()
    }
    for (let i = 0; i < 200 && (await ready()) !== 200; i++) await new Promise((r) => setTimeout(r, 20))
    // The store kept everything while it hung: the same session works again.
    expect((await call()).status).toBe(200)
  })
})
