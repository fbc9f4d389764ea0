export interface Session {
  id: string
  /** How the user signed in: pasting a token, the local cloud's demo admin, or OpenID Connect. */
  kind: 'token' | 'demo' | 'oidc'
  /** The bearer token the proxy sends upstream. */
  token: string
  /** OIDC only: the single-use refresh token, its access token's expiry (epoch ms) and the ID token for sign-out. */
  refreshToken?: string
  accessExpiresAt?: number
  idToken?: string
  /** OIDC only: who signed in (name, e-mail), for the account menu. */
  person?: { name?: string; email?: string; subject?: string }
  /** Who the session speaks for, for the per-principal cap (`principalOf`: by default the token's hash). */
  principal?: string
  /**
   * Whose share of the store it takes: the organizations a pasted token belongs to (`org:<ids>`), else the principal.
   * A full store makes room from the holder with the most sessions (`maxCount`).
   */
  holder?: string
  createdAt: number
  lastSeenAt: number
  /** When the browser last got a fresh cookie, so the sliding Max-Age is re-sent about once a minute, not per call. */
  cookieSentAt: number
}

/** What a sign-in gives the store; it adds the id and the times. */
export type SessionFields = Pick<
  Session,
  'kind' | 'token' | 'refreshToken' | 'accessExpiresAt' | 'idToken' | 'person' | 'principal' | 'holder'
>

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number
  /** A session ends this long after sign-in, however active. */
  maxMs: number
  /**
   * Sessions kept at most, in either store. Past it, a sign-in ends the oldest session of the holder with the most,
   * or its own holder's oldest when that holder has as many as any: one organization cannot take the room the others
   * need, and its own sign-ins still get in.
   */
  maxCount: number
  /** Sessions one principal keeps at most; its sign-in beyond ends its own oldest, never another's. */
  perPrincipal: number
}

/**
 * Server-side sessions: the bearer token lives only here, never in page JavaScript or browser storage. Two
 * implementations: memory (one process, the default) and Redis (shared by replicas). Every method that reaches the
 * store is async and throws a ConsoleError 503 naming the store when it cannot be reached.
 */
export interface SessionStore {
  create(fields: SessionFields): Promise<Session>
  /** The live session for an id, sliding its idle expiry; expired or unknown ids answer undefined. */
  get(id: string | undefined): Promise<Session | undefined>
  /** Writes a session's token fields back (after a token refresh); its lifetime is unchanged. */
  update(session: Session): Promise<void>
  delete(id: string | undefined): Promise<void>
  /**
   * Runs `fn` while holding the lock `key` (across replicas in Redis), waiting for it when another holder has it. The
   * lock lapses after `ttlMs` if its holder dies, so `fn` should finish well within that.
   */
  withLock<T>(key: string, ttlMs: number, fn: () => Promise<T>): Promise<T>
  /** Seconds the session's cookie should live from now: the idle window, cut short by the absolute lifetime. */
  cookieMaxAge(session: Session): number
  /** Whether the sliding cookie is due again (more than a minute since it was last sent); marks it sent. */
  cookieDue(session: Session): boolean
  /**
   * Takes one from the token bucket `key` (`perMinute` in a burst, refilled over a minute) in the store itself, so a
   * rate limit holds across replicas; the seconds to wait when none is left, else 0. Only a shared store offers it.
   */
  takeToken?(key: string, perMinute: number): Promise<number>
  /** Whether the store answers now (the readiness probe). */
  ready(): Promise<boolean>
  close(): Promise<void>
}

export class SessionStoreFullError extends Error {}

const COOKIE_RESEND_MS = 60_000

/** The cookie arithmetic both stores share. */
export class SessionClock {
  constructor(
    readonly limits: SessionLimits,
    readonly now: () => number = Date.now,
  ) {}

  cookieMaxAge(session: Session): number {
    return Math.max(0, Math.floor(this.remainingMs(session, this.now()) / 1000))
  }

  cookieDue(session: Session): boolean {
    const at = this.now()
    if (at - session.cookieSentAt < COOKIE_RESEND_MS) return false
    session.cookieSentAt = at
    return true
  }

  /** How long the session may live from `at` if unused: the idle window, cut short by the absolute lifetime. */
  remainingMs(session: Pick<Session, 'createdAt'>, at: number): number {
    return Math.min(this.limits.idleMs, session.createdAt + this.limits.maxMs - at)
  }

  expired(session: Session, at: number): boolean {
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
