import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import type { createClient as CreateClient } from 'redis'
import { ConsoleError } from './errors.ts'
import { SessionClock, SessionStoreFullError } from './sessions.ts'
import type { Session, SessionFields, SessionLimits, SessionStore } from './sessions.ts'
import { principalOf } from './sign-in-limits.ts'

export interface RedisSessionStoreOptions {
  url: string
  /** Encrypts the tokens at rest; the same on every replica. */
  secret: string
  limits: SessionLimits
  /** Every call's deadline: a store that hangs (connected, answering nothing) fails like an unreachable one. */
  timeoutMs: number
  now?: () => number
  /** Told once per outage and once on recovery, so a store that stays down does not flood the log. */
  onStateChange?: (state: 'down' | 'up', error?: Error) => void
}

// One round trip per request: reads the session, slides its TTL (never past the absolute lifetime) and, when the
// sliding cookie is due again, marks it sent. KEYS[1] session; ARGV now, idle ms, max ms, cookie resend ms.
const GET_AND_SLIDE = `
local v = redis.call('HMGET', KEYS[1], 'd', 'c', 's')
if not v[1] then return nil end
local now = tonumber(ARGV[1])
local ttl = math.min(tonumber(ARGV[2]), tonumber(v[2]) + tonumber(ARGV[3]) - now)
if ttl <= 0 then redis.call('DEL', KEYS[1]) return nil end
redis.call('PEXPIRE', KEYS[1], math.floor(ttl))
if now - tonumber(v[3]) >= tonumber(ARGV[4]) then redis.call('HSET', KEYS[1], 's', ARGV[1]) end
return v`
// The store's count of sessions, kept for MAX_SESSIONS: ALL is a sorted set of every session ("<session key> <holder
// set>", scored by the earliest time it can expire), HOLDERS the count of each holder's sessions, and each holder's
// set its session keys by creation time. `forget` ends a session and takes it out of all three.
const FORGET = `
local function forget(key, held)
  redis.call('DEL', key)
  if not held then return end
  if redis.call('ZREM', ALL, key .. ' ' .. held) == 1 and tonumber(redis.call('ZINCRBY', HOLDERS, -1, held)) <= 0 then
    redis.call('ZREM', HOLDERS, held)
  end
  redis.call('ZREM', held, key)
end`
// Writes a new session and enters it in its principal's index (a sorted set of session keys by creation time), after
// dropping the index's ended sessions and ending the principal's oldest beyond its cap; then counts it in the store,
// making room as the memory store does: the oldest session of the holder with the most, or the newcomer's holder's
// own oldest when it has as many as any. Answers 0 when nothing can give way. KEYS[1] session, KEYS[2] principal
// index, KEYS[3] holder set, KEYS[4] ALL, KEYS[5] HOLDERS; ARGV sealed fields, now, session TTL ms, per-principal cap,
// index TTL ms, MAX_SESSIONS.
const CREATE_CAPPED = `
local ALL, HOLDERS = KEYS[4], KEYS[5]
${FORGET}
local now = tonumber(ARGV[2])
for _, key in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  if redis.call('EXISTS', key) == 0 then redis.call('ZREM', KEYS[2], key) end
end
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4]) + 1
if over > 0 then
  for _, key in ipairs(redis.call('ZRANGE', KEYS[2], 0, over - 1)) do
    forget(key, redis.call('HGET', key, 'h') or nil)
    redis.call('ZREM', KEYS[2], key)
  end
end
-- Sessions that may have expired: forgotten if they have, else scored again by when they now can.
for _, member in ipairs(redis.call('ZRANGEBYSCORE', ALL, '-inf', now, 'LIMIT', 0, 1000)) do
  local sep = string.find(member, ' ', 1, true)
  local key = string.sub(member, 1, sep - 1)
  local ttl = redis.call('PTTL', key)
  if ttl > 0 then redis.call('ZADD', ALL, now + ttl, member) else forget(key, string.sub(member, sep + 1)) end
end
while redis.call('ZCARD', ALL) >= tonumber(ARGV[6]) do
  local largest = redis.call('ZREVRANGE', HOLDERS, 0, 0, 'WITHSCORES')
  local victim = KEYS[3]
  if largest[1] and tonumber(largest[2]) > tonumber(redis.call('ZSCORE', HOLDERS, KEYS[3]) or 0) then
    victim = largest[1]
  end
  local oldest = redis.call('ZRANGE', victim, 0, 0)[1]
  if oldest then forget(oldest, victim) elseif redis.call('ZREM', HOLDERS, victim) == 0 then return 0 end
end
redis.call('HSET', KEYS[1], 'd', ARGV[1], 'c', ARGV[2], 's', ARGV[2], 'h', KEYS[3])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], KEYS[1])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('ZADD', KEYS[3], ARGV[2], KEYS[1])
redis.call('ZADD', ALL, now + tonumber(ARGV[3]), KEYS[1] .. ' ' .. KEYS[3])
redis.call('ZINCRBY', HOLDERS, 1, KEYS[3])
return 1`
// Signs a session out, and out of the store's count. KEYS[1] session, KEYS[2] ALL, KEYS[3] HOLDERS.
const DELETE = `
local ALL, HOLDERS = KEYS[2], KEYS[3]
${FORGET}
forget(KEYS[1], redis.call('HGET', KEYS[1], 'h') or nil)
return 1`
// A token bucket, as RateLimiter's but shared by replicas: KEYS[1] bucket; ARGV now, per minute. Answers the seconds to
// wait, 0 when a token was taken. A bucket unused for a minute is full again, so it lives a minute. Replicas' clocks
// may differ a little: time never runs backwards for a bucket.
const TAKE_TOKEN = `
local per = tonumber(ARGV[2])
local now = tonumber(ARGV[1])
local b = redis.call('HMGET', KEYS[1], 't', 'a')
local elapsed = math.max(0, now - (tonumber(b[2]) or now))
local tokens = math.min(per, (tonumber(b[1]) or per) + elapsed * per / 60000)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) * 60 / per) end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', ARGV[1])
redis.call('PEXPIRE', KEYS[1], 60000)
return wait`
// Rewrites the sealed fields of a session that still exists; an expired one is not brought back without a TTL.
const UPDATE_IF_LIVE = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'd', ARGV[1]) return 1 end return 0`
// Releases a lock only if this holder still owns it: after its TTL lapsed, another holder may have taken it.
const RELEASE_IF_OWNER = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`

const COOKIE_RESEND_MS = 60_000
const ALL = 'cc:sessions'
const HOLDERS = 'cc:holders'
const LOCK_RETRY_MS = 25

/**
 * Sessions in Redis or Valkey, shared by every replica. The store never sees what would let someone use a session:
 * keys are the SHA-256 of the cookie's id, and the token fields are sealed with AES-256-GCM under a key derived from
 * SESSION_SECRET (the hashed id is the additional data, so a sealed value moved to another key does not open).
 * Idle timeout and absolute lifetime are the key's TTL. While the store is unreachable every call throws a 503 that
 * names it; node-redis reconnects in the background, and commands fail at once instead of queueing meanwhile.
 */
export class RedisSessionStore implements SessionStore {
  private readonly client: ReturnType<typeof CreateClient>
  private readonly clock: SessionClock
  private readonly key: Buffer
  /** The store as the operator wrote it, minus any password. */
  readonly where: string
  private down = false

  constructor(private readonly options: RedisSessionStoreOptions) {
    this.clock = new SessionClock(options.limits, options.now)
    this.key = createHash('sha256').update(`cloud-console session tokens\0${options.secret}`).digest()
    const url = new URL(options.url)
    url.username = ''
    url.password = ''
    this.where = url.toString().replace(/\/$/, '')
    // Loaded here, not at import: a console without SESSION_STORE_URL never pays for the Redis client at start.
    const { createClient } = createRequire(import.meta.url)('redis') as { createClient: typeof CreateClient }
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      // While the store hangs, calls past their deadline still wait in the queue for a reply: bounded, not unending.
      commandsQueueMaxLength: 10_000,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000) },
    })
    this.client.on('error', (error: Error) => this.state('down', error))
    this.client.on('ready', () => this.state('up'))
    this.client.connect().catch((error: Error) => this.state('down', error))
  }

  /**
   * One principal keeps at most `perPrincipal` sessions across replicas: its sign-in beyond ends its own oldest. The
   * store keeps at most `maxCount` (MAX_SESSIONS) across replicas, making room as the memory store does.
   */
  async create(fields: SessionFields): Promise<Session> {
    const id = randomBytes(32).toString('base64url')
    const at = this.clock.now()
    const principal = principalOf(fields)
    const holder = fields.holder ?? principal
    const session: Session = { ...fields, principal, holder, id, createdAt: at, lastSeenAt: at, cookieSentAt: at }
    const key = keyOf(id)
    const { limits } = this.options
    const created = await this.call(() =>
      this.run(
        CREATE_CAPPED,
        [key, `cc:principal:${hash(principal)}`, `cc:held:${hash(holder)}`, ALL, HOLDERS],
        [
          this.seal(session, key),
          String(at),
          String(Math.max(1, this.clock.remainingMs(session, at))),
          String(Math.max(1, limits.perPrincipal)),
          String(limits.maxMs),
          String(limits.maxCount),
        ],
      ),
    )
    if (!created) throw new SessionStoreFullError()
    return session
  }

  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id) return undefined
    const key = keyOf(id)
    const at = this.clock.now()
    const args = [String(at), String(this.options.limits.idleMs), String(this.options.limits.maxMs)]
    const reply = (await this.call(() => this.run(GET_AND_SLIDE, [key], [...args, String(COOKIE_RESEND_MS)]))) as
      | [string, string, string]
      | null
    if (!reply) return undefined
    const fields = this.open(reply[0], key)
    // A value that does not open (another secret, or tampered with) is no session.
    if (!fields) return undefined
    return { ...fields, id, createdAt: Number(reply[1]), lastSeenAt: at, cookieSentAt: Number(reply[2]) }
  }

  async update(session: Session): Promise<void> {
    const key = keyOf(session.id)
    await this.call(() => this.run(UPDATE_IF_LIVE, [key], [this.seal(session, key)]))
  }

  async delete(id: string | undefined): Promise<void> {
    if (id) await this.call(() => this.run(DELETE, [keyOf(id), ALL, HOLDERS], []))
  }

  /** SET NX PX: one holder across replicas; the others retry until it is free or `ttlMs` has passed. */
  async withLock<T>(name: string, ttlMs: number, fn: () => Promise<T>): Promise<T> {
    const key = `cc:lock:${hash(name)}`
    const owner = randomBytes(16).toString('base64url')
    const deadline = Date.now() + ttlMs
    while (
      !(await this.call(() =>
        this.client.set(key, owner, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }),
      ))
    ) {
      if (Date.now() > deadline)
        throw new ConsoleError(
          503,
          'temporarily_unavailable',
          'Another request is refreshing this session. Try again.',
          {
            'Retry-After': '1',
          },
        )
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS))
    }
    try {
      return await fn()
    } finally {
      await this.withinDeadline(this.run(RELEASE_IF_OWNER, [key], [owner])).catch(() => undefined)
    }
  }

  async takeToken(name: string, perMinute: number): Promise<number> {
    const args = [String(this.clock.now()), String(perMinute)]
    return Number(await this.call(() => this.run(TAKE_TOKEN, [`cc:rate:${hash(name)}`], args)))
  }

  cookieMaxAge(session: Session): number {
    return this.clock.cookieMaxAge(session)
  }

  cookieDue(session: Session): boolean {
    return this.clock.cookieDue(session)
  }

  async ready(): Promise<boolean> {
    if (!this.client.isReady) return false
    try {
      await this.call(() => this.client.ping())
      return true
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close().catch(() => this.client.destroy())
    else this.client.destroy()
  }

  /** A script by its SHA-1 (the server keeps it after the first EVAL), so a request sends a few bytes, not the script. */
  private async run(script: string, keys: string[], args: string[]) {
    try {
      return await this.client.evalSha(sha1(script), { keys, arguments: args })
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error
      return this.client.eval(script, { keys, arguments: args })
    }
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await this.withinDeadline(command())
    } catch (error) {
      this.state('down', error as Error)
      const what = error instanceof StoreTimeout ? `did not answer within ${error.ms} ms` : 'cannot be reached'
      throw new ConsoleError(
        503,
        'session_store_unavailable',
        `The session store (${this.where}) ${what}, so the console cannot check your session. You are still signed in: try again in a few seconds.`,
        { 'Retry-After': '5' },
      )
    }
  }

  /** The call's answer, or a StoreTimeout once the deadline passes (the call itself is left to finish or fail). */
  private withinDeadline<T>(call: Promise<T>): Promise<T> {
    const ms = this.options.timeoutMs
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StoreTimeout(ms)), ms)))
    call.catch(() => undefined)
    return Promise.race([call, expired]).finally(() => clearTimeout(timer))
  }

  private state(state: 'down' | 'up', error?: Error) {
    if ((state === 'down') === this.down) return
    this.down = state === 'down'
    this.options.onStateChange?.(state, error)
  }

  private seal(session: Session, key: string): string {
    const { kind, token, refreshToken, accessExpiresAt, idToken, person } = session
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(key))
    const body = Buffer.concat([
      cipher.update(JSON.stringify({ kind, token, refreshToken, accessExpiresAt, idToken, person })),
      cipher.final(),
    ])
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
  }

  private open(sealed: string, key: string): SessionFields | undefined {
    try {
      const raw = Buffer.from(sealed, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12)).setAAD(Buffer.from(key))
      decipher.setAuthTag(raw.subarray(12, 28))
      return JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
      ) as SessionFields
    } catch {
      return undefined
    }
  }
}

class StoreTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`)
  }
}

const sha1s = new Map<string, string>()
function sha1(script: string): string {
  let sha = sha1s.get(script)
  if (!sha) sha1s.set(script, (sha = createHash('sha1').update(script).digest('hex')))
  return sha
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

function keyOf(id: string): string {
  return `cc:session:${hash(id)}`
}
