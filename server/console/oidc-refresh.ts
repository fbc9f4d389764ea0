import { refusedByProvider, type OidcClient } from './oidc.ts'
import type { Session, SessionStore } from './sessions.ts'

/** The cross-replica lock lapses after this if its holder dies mid-refresh. */
const LOCK_TTL_MS = 15_000

/**
 * Keeps OpenID Connect sessions' access tokens fresh. Refresh tokens are single-use, so a session refreshes once
 * however many requests arrive together: callers in this process share one promise, and replicas serialize on the
 * store's lock, re-reading the session inside it to pick up a refresh another replica has just made.
 */
export class TokenRefresher {
  private readonly inFlight = new Map<string, Promise<Session | undefined>>()

  constructor(
    private readonly sessions: SessionStore,
    private readonly client: () => OidcClient | undefined,
    private readonly now: () => number = Date.now,
    /** Told each refresh's outcome, for the metrics. */
    private readonly observe: (outcome: 'ok' | 'failed') => void = () => {},
  ) {}

  private due(session: Session): boolean {
    if (session.kind !== 'oidc' || session.accessExpiresAt === undefined) return false
    const ahead = this.client()?.refreshAheadMs() ?? 0
    return session.accessExpiresAt - this.now() <= ahead
  }

  /** The session with a usable access token, or undefined when it could not be refreshed (the session is ended). */
  async fresh(session: Session): Promise<Session | undefined> {
    if (!this.due(session)) return session
    let flight = this.inFlight.get(session.id)
    if (!flight) {
      flight = this.refresh(session.id).finally(() => this.inFlight.delete(session.id))
      this.inFlight.set(session.id, flight)
    }
    return flight
  }

  private refresh(id: string): Promise<Session | undefined> {
    return this.sessions.withLock(`refresh:${id}`, LOCK_TTL_MS, async () => {
      const current = await this.sessions.get(id)
      if (!current || !this.due(current)) return current
      const client = this.client()
      if (!client || !current.refreshToken) return this.end(id)
      try {
        const tokens = await client.refresh(current.refreshToken)
        const updated: Session = { ...current, ...tokens }
        await this.sessions.update(updated)
        this.observe('ok')
        return updated
      } catch (error) {
        this.observe('failed')
        console.warn(`token refresh failed for a session: ${error instanceof Error ? error.message : String(error)}`)
        // A provider that could not be reached leaves a still-valid token in use; the next request tries again.
        const refused = await refusedByProvider(error)
        if (!refused && (current.accessExpiresAt ?? 0) > this.now()) return current
        // A refresh token that was revoked, spent or expired ends the session: the SPA's 401 brings up sign-in.
        return this.end(id)
      }
    })
  }

  private async end(id: string): Promise<undefined> {
    await this.sessions.delete(id)
    return undefined
  }
}
