import { randomBytes } from 'node:crypto'

export interface Session {
  id: string
  token: string
  /** How the user signed in: pasting a token, or the local cloud's demo admin. */
  kind: 'token' | 'demo'
  createdAt: number
  lastSeenAt: number
}

export const SESSION_COOKIE = 'cc_session'

/**
 * Server-side sessions: the bearer token lives only here, never in page JavaScript or browser storage.
 * Kept in memory on purpose: a restart signs everyone out rather than leaving tokens on disk.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>()

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(token: string, kind: Session['kind']): Session {
    const id = randomBytes(32).toString('base64url')
    const at = this.now()
    const session: Session = { id, token, kind, createdAt: at, lastSeenAt: at }
    this.sessions.set(id, session)
    return session
  }

  /** The live session for an id, sliding its idle expiry; expired sessions are dropped. */
  get(id: string | undefined): Session | undefined {
    if (!id) return undefined
    const session = this.sessions.get(id)
    if (!session) return undefined
    const at = this.now()
    if (at - session.lastSeenAt > this.idleMs) {
      this.sessions.delete(id)
      return undefined
    }
    session.lastSeenAt = at
    return session
  }

  delete(id: string | undefined): void {
    if (id) this.sessions.delete(id)
  }
}

export function sessionCookie(id: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${SESSION_COOKIE}=${id}`,
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
