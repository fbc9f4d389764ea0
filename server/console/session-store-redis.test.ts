import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from 'redis'
import { startTestRedis, type TestRedis } from './session-store-test-redis.ts'
import { RedisSessionStore } from './session-store-redis.ts'
import { ConsoleError } from './errors.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const SECRET = 'a-test-secret-of-at-least-32-characters!'

describe('Redis session store', () => {
  let redis: TestRedis
  let now = 1_000_000
  let store: RedisSessionStore
  const seen = new Set<string>()
  const open = (secret = SECRET) =>
    new RedisSessionStore({
      url: redis.url,
      secret,
      limits: { idleMs: 30 * MINUTE, maxMs: 12 * HOUR, maxCount: 10, perPrincipal: 10 },
      timeoutMs: 1_000,
      now: () => now,
    })
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  beforeAll(async () => {
    redis = await startTestRedis()
    store = open()
    await until(() => store.ready())
  })
  afterAll(async () => {
    await store.close()
    await redis.stop()
  })

  it('keeps a session readable by another replica, with its tokens and who signed in', async () => {
    const person = { name: 'Alex Morgan', email: 'alex@acme.example' }
    const session = await store.create({
      kind: 'oidc',
      token: 'access-1',
      refreshToken: 'refresh-1',
      idToken: 'id-1',
      person,
    })
    const other = open()
    await until(() => other.ready())
    expect(await other.get(session.id)).toMatchObject({
      kind: 'oidc',
      token: 'access-1',
      refreshToken: 'refresh-1',
      person,
    })
    await other.update({ ...session, token: 'access-2', refreshToken: 'refresh-2' })
    expect(await store.get(session.id)).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' })
    await other.delete(session.id)
    expect(await store.get(session.id)).toBeUndefined()
    await other.close()
  })

  it('leaves a dump of the store with no usable token and no raw session id', async () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.secret-access-token-payload.signature'
    const session = await store.create({ kind: 'oidc', token, refreshToken: 'single-use-refresh-token' })
    const raw = createClient({ url: redis.url })
    await raw.connect()
    let dump = ''
    for (const key of await raw.keys('*')) seen.add(key)
    // Sessions are hashes; each principal's index of its sessions is a sorted set.
    for (const key of await raw.keys('*')) {
      const value = (await raw.type(key)) === 'zset' ? await raw.zRange(key, 0, -1) : await raw.hGetAll(key)
      dump += `${key}\n${JSON.stringify(value)}\n`
    }
    await raw.close()
    expect(dump).toContain('cc:session:')
    for (const secret of [token, 'secret-access-token-payload', 'single-use-refresh-token', session.id])
      expect(dump).not.toContain(secret)
    expect(dump).not.toContain(Buffer.from(token).toString('base64'))
    // Without SESSION_SECRET the sealed value does not open: another secret reads no session.
    const wrongSecret = open('another-secret-of-at-least-32-characters')
    await until(() => wrongSecret.ready())
    expect(await wrongSecret.get(session.id)).toBeUndefined()
    await wrongSecret.close()
  })

  it('expires by the store TTL: idle window, never past the absolute lifetime', async () => {
    const raw = createClient({ url: redis.url })
    await raw.connect()
    try {
      const session = await store.create({ kind: 'token', token: 't' })
      const created = now
      const [key] = await raw.keys('cc:session:*').then((keys) => keys.filter((k) => !seen.has(k)))
      seen.add(key!)
      expect(await raw.pTTL(key!)).toBeGreaterThan(29 * MINUTE)
      // Used every 29 minutes, it lives until its absolute lifetime and not a request longer.
      while (await store.get(session.id)) now += 29 * MINUTE
      expect(now - created).toBeGreaterThanOrEqual(12 * HOUR)
      expect(now - created).toBeLessThan(12 * HOUR + 29 * MINUTE)
      expect(await raw.exists(key!)).toBe(0)
    } finally {
      await raw.close()
    }
  })

  it('lets one lock holder in at a time across replicas', async () => {
    const other = open()
    await until(() => other.ready())
    const order: string[] = []
    const hold = (replica: RedisSessionStore, name: string) =>
      replica.withLock('refresh:s1', 5000, async () => {
        order.push(`${name} in`)
        await new Promise((resolve) => setTimeout(resolve, 50))
        order.push(`${name} out`)
      })
    await Promise.all([hold(store, 'a'), hold(other, 'b')])
    expect(order.join(',')).toMatch(/^(a in,a out,b in,b out|b in,b out,a in,a out)$/)
    await other.close()
  })

  it('keeps at most MAX_SESSIONS across replicas, making room from the largest holder; sign-out and expiry free room', async () => {
    const raw = createClient({ url: redis.url })
    await raw.connect()
    const other = open()
    await until(() => other.ready())
    try {
      await raw.flushAll()
      // A second apart, so that "oldest" is one session.
      const signIn = (replica: RedisSessionStore, token: string, holder: string) => {
        now += 1000
        return replica.create({ kind: 'token', token, holder })
      }
      const a = []
      for (let i = 0; i < 6; i++) a.push(await signIn(store, `a${i}`, 'org:a'))
      const b = []
      for (let i = 0; i < 4; i++) b.push(await signIn(other, `b${i}`, 'org:b'))
      // Full at 10: B's sign-in ends A's oldest, A holding the most; at 5 each, A's own sign-in ends its own oldest.
      b.push(await signIn(store, 'b4', 'org:b'))
      expect(await store.get(a[0]!.id)).toBeUndefined()
      a.push(await signIn(other, 'a6', 'org:a'))
      expect(await store.get(a[1]!.id)).toBeUndefined()
      expect(await raw.keys('cc:session:*')).toHaveLength(10)
      // A sign-out leaves room: the next sign-in ends nobody.
      await other.delete(b[0]!.id)
      expect(await raw.zCard('cc:sessions')).toBe(9)
      await signIn(store, 'b5', 'org:b')
      expect(await store.get(a[2]!.id)).toBeDefined()
      expect(await store.get(b[1]!.id)).toBeDefined()
      // Once the idle window has passed and Redis has expired the keys (its clock is not the test's), the ended
      // sessions leave the count.
      now += 31 * MINUTE
      await raw.del(await raw.keys('cc:session:*'))
      await signIn(store, 'c0', 'org:c')
      expect(await raw.zCard('cc:sessions')).toBe(1)
      expect(await raw.zRange('cc:holders', 0, -1)).toHaveLength(1)
    } finally {
      await other.close()
      await raw.close()
    }
  })

  it('answers 503 naming the store while it is down, and recovers by itself', async () => {
    const session = await store.create({ kind: 'token', token: 't' })
    await redis.stop()
    const failure = await store.get(session.id).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConsoleError)
    expect(failure).toMatchObject({ status: 503 })
    expect((failure as Error).message).toContain(redis.url)
    expect(await store.ready()).toBe(false)
    await redis.start()
    await until(() => store.ready())
    // Nothing persisted across the restart here (no --save), so the old id is gone, but the store works again.
    const again = await store.create({ kind: 'token', token: 't2' })
    expect(await store.get(again.id)).toMatchObject({ token: 't2' })
  })
})
