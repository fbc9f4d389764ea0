import { randomBytes } from 'node:crypto'
import {
  SessionClock,
  SessionStoreFullError,
  type Session,
  type SessionFields,
  type SessionLimits,
  type SessionStore,
} from './sessions.ts'
import { principalOf } from './sign-in-limits.ts'

/**
 * Sessions in this process's memory: the default, for one server. A restart signs everyone out rather than leaving
 * tokens on disk. Expired sessions are swept on sign-in, at most once a minute and always before refusing one for
 * lack of room: the map only grows there.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>()
  private readonly locks = new Map<string, Promise<unknown>>()
  /** Each principal's session ids, oldest first; ids of ended sessions are dropped as they are met. */
  private readonly byPrincipal = new Map<string, string[]>()
  /** Each holder's (organization's) session ids, oldest first, likewise. */
  private readonly byHolder = new Map<string, string[]>()
  private readonly clock: SessionClock
  private sweptAt: number

  constructor(limits: SessionLimits, now: () => number = Date.now) {
    this.clock = new SessionClock(limits, now)
    this.sweptAt = now()
  }

  get size(): number {
    return this.sessions.size
  }

  async create(fields: SessionFields): Promise<Session> {
    const { limits, now } = this.clock
    // The principal's own oldest make room first: one principal's sign-ins never fill the store for the others.
    const principal = principalOf(fields)
    const own = (this.byPrincipal.get(principal) ?? []).filter((id) => this.sessions.has(id))
    while (own.length >= Math.max(1, limits.perPrincipal)) this.sessions.delete(own.shift()!)
    this.byPrincipal.set(principal, own)
    const holder = fields.holder ?? principal
    if (this.sessions.size >= limits.maxCount || now() - this.sweptAt > 60_000) this.sweep()
    if (this.sessions.size >= limits.maxCount) this.makeRoomFor(holder)
    const id = randomBytes(32).toString('base64url')
    const at = now()
    const session: Session = { ...fields, principal, holder, id, createdAt: at, lastSeenAt: at, cookieSentAt: at }
    this.sessions.set(id, session)
    own.push(id)
    this.byPrincipal.set(principal, own)
    const held = this.byHolder.get(holder) ?? []
    held.push(id)
    this.byHolder.set(holder, held)
    return session
  }

  /**
   * Ends one session to make room: the oldest of the holder with the most, or the newcomer's own holder's oldest when
   * that holder has as many as any. A holder within an equal share of the store never gives way to another's sign-in.
   */
  private makeRoomFor(holder: string) {
    let largest: string[] | undefined
    for (const [name, ids] of this.byHolder) {
      const live = ids.filter((id) => this.sessions.has(id))
      this.byHolder.set(name, live)
      if (!largest || live.length > largest.length) largest = live
    }
    const own = this.byHolder.get(holder)
    const victim = own && own.length >= (largest?.length ?? 0) ? own : largest
    if (!victim?.length) throw new SessionStoreFullError()
    this.sessions.delete(victim.shift()!)
  }

  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id) return undefined
    const session = this.sessions.get(id)
    if (!session) return undefined
    const at = this.clock.now()
    if (this.clock.expired(session, at)) {
      this.sessions.delete(id)
      return undefined
    }
    session.lastSeenAt = at
    return session
  }

  async update(session: Session): Promise<void> {
    const kept = this.sessions.get(session.id)
    if (!kept) return
    const { kind, token, refreshToken, accessExpiresAt, idToken } = session
    Object.assign(kept, { kind, token, refreshToken, accessExpiresAt, idToken })
  }

  async delete(id: string | undefined): Promise<void> {
    if (id) this.sessions.delete(id)
  }

  /** One process: a promise chain per key is the lock; `ttlMs` has nothing to guard against here. */
  async withLock<T>(key: string, _ttlMs: number, fn: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve()
    const run = before.catch(() => undefined).then(fn)
    const tail = run.catch(() => undefined)
    this.locks.set(key, tail)
    try {
      return await run
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key)
    }
  }

  cookieMaxAge(session: Session): number {
    return this.clock.cookieMaxAge(session)
  }

  cookieDue(session: Session): boolean {
    return this.clock.cookieDue(session)
  }

  async ready(): Promise<boolean> {
    return true
  }

  async close(): Promise<void> {
    this.sessions.clear()
    this.byPrincipal.clear()
    this.byHolder.clear()
  }

  sweep(): void {
    const at = this.clock.now()
    this.sweptAt = at
    for (const [id, session] of this.sessions) if (this.clock.expired(session, at)) this.sessions.delete(id)
    for (const index of [this.byPrincipal, this.byHolder])
      for (const [key, ids] of index) if (!ids.some((id) => this.sessions.has(id))) index.delete(key)
  }
}
