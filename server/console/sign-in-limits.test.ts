// Issue 34's lockout: anyone with any valid token pasted it until MAX_SESSIONS was full, and every sign-in after
// answered 503. Sign-ins are limited per address and per principal, and one principal's sessions are capped.
import { createClient } from 'redis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startConsoleOnRedis, type TestRedis } from './session-store-test-redis.ts'
import { CSRF, startConsoleServer, type RunningConsole } from './test-support.ts'

// A stand-in for the embedded cloud's identity API that accepts every token.
const localCloud = {
  tokens: { admin: 'demo-token' },
  fetch: async () => Response.json([]),
}
const LIMITS = {
  REGION_URL: 'http://127.0.0.1:9',
  TRUST_PROXY: 'true',
  SIGNINS_PER_MINUTE: '5',
  SESSIONS_PER_PRINCIPAL: '3',
}

let addresses = 0
/** A client address no other sign-in in this file used. */
const newAddress = () => `198.51.100.${++addresses}`

function signInFrom(running: RunningConsole, token: string, address = newAddress()): Promise<Response> {
  return fetch(`${running.base}/console/session`, {
    method: 'POST',
    headers: { ...CSRF, 'x-forwarded-for': address },
    body: JSON.stringify({ token }),
  })
}

const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!

async function signedIn(running: RunningConsole, cookie: string): Promise<boolean> {
  return (await (await fetch(`${running.base}/console/session`, { headers: { cookie } })).json()) !== null
}

describe('sign-in limits, sessions in memory', () => {
  // A console per test: each starts from an empty store, which holds 10 sessions at most.
  let running: RunningConsole
  beforeEach(async () => {
    running = await startConsoleServer({ ...LIMITS, MAX_SESSIONS: '10' }, { localCloud })
  })
  afterEach(() => running.close())

  it('slows one address pasting many tokens, with a Retry-After; another address still signs in', async () => {
    const address = newAddress()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await signInFrom(running, `paste-${i}`, address)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    const refused = await signInFrom(running, 'paste-6', address)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await refused.json()).error_description).toMatch(/from this address/)
    expect((await signInFrom(running, 'paste-7')).status).toBe(201)
  })

  it('slows one token pasted from many addresses', async () => {
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await signInFrom(running, 'shared-token')).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it("keeps SESSIONS_PER_PRINCIPAL of one principal's sessions, ending its oldest, never another's", async () => {
    const other = cookieOf(await signInFrom(running, 'someone-else'))
    const mine = []
    for (let i = 0; i < 4; i++) mine.push(cookieOf(await signInFrom(running, 'mine')))
    const live = await Promise.all(mine.map((cookie) => signedIn(running, cookie)))
    expect(live).toEqual([false, true, true, true])
    expect(await signedIn(running, other)).toBe(true)
  })

  it("never lets one principal's sessions refuse another's sign-in", async () => {
    // The attack from many addresses, so the per-address limit does not stop it first; the per-principal one may.
    const statuses = new Set<number>()
    for (let i = 0; i < 15; i++) statuses.add((await signInFrom(running, 'attacker-token')).status)
    expect([...statuses].sort()).toEqual([201, 429])
    expect((await signInFrom(running, 'victim-token')).status).toBe(201)
  })
})

describe('sign-in limits, sessions in Redis', () => {
  let redis: TestRedis
  let running: RunningConsole
  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ redis, running, stop } = await startConsoleOnRedis(LIMITS, { localCloud }))
  })
  afterAll(() => stop())

  it('caps one principal across the store, ending its oldest, and keeps no more than the cap', async () => {
    const other = cookieOf(await signInFrom(running, 'redis-someone-else'))
    const mine = []
    for (let i = 0; i < 5; i++) mine.push(cookieOf(await signInFrom(running, 'redis-mine')))
    expect(await Promise.all(mine.map((cookie) => signedIn(running, cookie)))).toEqual([false, false, true, true, true])
    expect(await signedIn(running, other)).toBe(true)
    const raw = createClient({ url: redis.url })
    await raw.connect()
    try {
      expect(await raw.keys('cc:session:*')).toHaveLength(4)
    } finally {
      await raw.close()
    }
  })

  it('slows one token pasted from many addresses, counted across replicas', async () => {
    const other = await startConsoleServer(
      { ...LIMITS, SESSION_STORE_URL: redis.url, SESSION_SECRET: 'x'.repeat(32) },
      { localCloud },
    )
    try {
      const statuses = []
      for (let i = 0; i < 6; i++) statuses.push((await signInFrom(i % 2 ? other : running, 'redis-shared')).status)
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
      const address = newAddress()
      const fromOne = []
      for (let i = 0; i < 6; i++) fromOne.push((await signInFrom(i % 2 ? other : running, `one-${i}`, address)).status)
      expect(fromOne).toEqual([201, 201, 201, 201, 201, 429])
    } finally {
      await other.close()
      await other.app.sessions.close()
    }
  })
})
