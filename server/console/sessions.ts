import { randomBytes } from 'node:crypto'

export interface Session {
  id: string
  token: string
  /** How the user signed in: pasting a token, or the local cloud's demo admin. */
  kind: 'token' | 'demo'
  createdAt: number
  lastSeenAt: number
  /** When the browser last got a fresh cookie, so the sliding Max-Age is re-sent about once a minute, not per call. */
  cookieSentAt: number
}

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number
  /** A session ends this long after sign-in, however active. */
  maxMs: number
  /** Sessions kept at most; a sign-in beyond is refused rather than evicting someone. */
  maxCount: number
}

export class SessionStoreFullError extends Error {}

/**
 * Server-side sessions: the bearer token lives only here, never in page JavaScript or browser storage.
 * Kept in memory on purpose: a restart signs everyone out rather than leaving tokens on disk. Expired sessions are
 * swept on sign-in, at most once a minute and always before refusing one for lack of room: the map only grows there.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>()
  private sweptAt: number

  constructor(
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.sweptAt = now()
  }

  get size(): number {
    return this.sessions.size
  }

  create(token: string, kind: Session['kind']): Session {
    if (this.sessions.size >= this.limits.maxCount || this.now() - this.sweptAt > 60_000) this.sweep()
    if (this.sessions.size >= this.limits.maxCount) throw new SessionStoreFullError()
    const id = randomBytes(32).toString('base64url')
    const at = this.now()
    const session: Session = { id, token, kind, createdAt: at, lastSeenAt: at, cookieSentAt: at }
    this.sessions.set(id, session)
    return session
  }

  /** The live session for an id, sliding its idle expiry; expired sessions are dropped. */
  get(id: string | undefined): Session | undefined {
    if (!id) return undefined
    const session = this.sessions.get(id)
    if (!session) return undefined
    const at = this.now()
    if (this.expired(session, at)) {
      this.sessions.delete(id)
      return undefined
    }
    session.lastSeenAt = at
    return session
  }

  delete(id: string | undefined): void {
    if (id) this.sessions.delete(id)
  }

  /** Seconds the session's cookie should live from now: the idle window, cut short by the absolute lifetime. */
  cookieMaxAge(session: Session): number {
    const at = this.now()
    return Math.max(0, Math.floor(Math.min(this.limits.idleMs, session.createdAt + this.limits.maxMs - at) / 1000))
  }

  /** Whether the sliding cookie is due again (more than a minute since it was last sent); marks it sent. */
  cookieDue(session: Session): boolean {
    const at = this.now()
    if (at - session.cookieSentAt < 60_000) return false
    session.cookieSentAt = at
    return true
  }

  sweep(): void {
    const at = this.now()
    this.sweptAt = at
    for (const [id, session] of this.sessions) if (this.expired(session, at)) this.sessions.delete(id)
  }

  private expired(session: Session, at: number): boolean {
    return at - session.lastSeenAt > this.limits.idleMs || at - session.createdAt >= this.limits.maxMs
  }
}

/** `__Host-` binds a Secure cookie to this exact origin (no Domain, Path=/), so a sibling subdomain cannot set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-cc_session' : 'cc_session'
}

export function sessionCookie(id: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName(secure)}=${id}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeSeconds}`,
    secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ')
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', secure, 0)
}

export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    try {
      cookies.set(name, decodeURIComponent(value))
    } catch {
      cookies.set(name, value)
    }
  }
  return cookies
}
