import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemorySessionStore } from './session-store-memory.ts'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('session store', () => {
  it('ends an active session at its absolute lifetime', async () => {
    let now = 0
    const store = new MemorySessionStore(
      { idleMs: 30 * MINUTE, maxMs: 12 * HOUR, maxCount: 10, perPrincipal: 10 },
      () => now,
    )
    const { id } = await store.create({ token: 't', kind: 'token' })
    for (now = 10 * MINUTE; now < 12 * HOUR; now += 10 * MINUTE) expect(await store.get(id)).toBeDefined()
    expect(await store.get(id)).toBeUndefined()
  })
  it('sweeps expired sessions, so abandoned sign-ins do not pile up', async () => {
    let now = 0
    const store = new MemorySessionStore(
      { idleMs: 30 * MINUTE, maxMs: 12 * HOUR, maxCount: 10, perPrincipal: 10 },
      () => now,
    )
    for (let i = 0; i < 5; i++) await store.create({ token: 't', kind: 'demo' })
    now = 31 * MINUTE
    await store.create({ token: 't', kind: 'demo' })
    expect(store.size).toBe(1)
  })
  it('lets the cookie live for the idle window, never past the absolute lifetime', async () => {
    let now = 0
    const store = new MemorySessionStore(
      { idleMs: 2 * HOUR, maxMs: 12 * HOUR, maxCount: 10, perPrincipal: 10 },
      () => now,
    )
    const session = await store.create({ token: 't', kind: 'token' })
    expect(store.cookieMaxAge(session)).toBe(2 * 3600)
    now = 11 * HOUR
    await store.get(session.id)
    expect(store.cookieMaxAge(session)).toBe(3600)
  })
  it('keeps a refreshed token and runs lock holders one at a time', async () => {
    const store = new MemorySessionStore({ idleMs: HOUR, maxMs: 12 * HOUR, maxCount: 10, perPrincipal: 10 })
    const session = await store.create({ token: 'old', kind: 'oidc', refreshToken: 'r1' })
    const order: string[] = []
    const refresh = (name: string) =>
      store.withLock(`refresh:${session.id}`, 5000, async () => {
        order.push(`${name} in`)
        await new Promise((resolve) => setImmediate(resolve))
        await store.update({ ...session, token: `${name}-token`, refreshToken: `${name}-r` })
        order.push(`${name} out`)
      })
    await Promise.all([refresh('a'), refresh('b')])
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out'])
    expect(await store.get(session.id)).toMatchObject({ token: 'b-token', refreshToken: 'b-r' })
  })
})

describe('session cookie and demo sign-in on a running console', () => {
  let now = 1_000_000
  let running: RunningConsole
  // A stand-in for the embedded cloud: identity is embedded, so demo sign-in is offered; every token is good.
  const localCloud = {
    tokens: { admin: 'demo-token' },
    fetch: async () => Response.json([]),
  }
  beforeAll(async () => {
    running = await startConsoleServer(
      { REGION_URL: 'http://127.0.0.1:9', DEMO_SIGNINS_PER_MINUTE: '3', SESSION_IDLE_MINUTES: '30' },
      { localCloud, now: () => now },
    )
  })
  afterAll(() => running.close())

  it('slides the cookie while the session is used', async () => {
    const cookie = await signIn(running.base, { token: 'any' })
    now += 2 * MINUTE
    const res = await fetch(`${running.base}/api/identity/api/v1/organizations`, { headers: { cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${cookie}; .*Max-Age=1800`))
  })
  it('rate-limits demo sign-in per client, with a Retry-After', async () => {
    const answers: Response[] = []
    for (let i = 0; i < 4; i++)
      answers.push(
        await fetch(`${running.base}/console/session`, { method: 'POST', headers: CSRF, body: '{"demo":true}' }),
      )
    expect(answers.slice(0, 3).map((res) => res.status)).toEqual([201, 201, 201])
    expect(answers[3]!.status).toBe(429)
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
