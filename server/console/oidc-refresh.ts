import { ConsoleError } from './errors.ts'
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
        // A refresh token that was revoked, spent or expired ends the session: the SPA's 401 brings up sign-in.
        if (await refusedByProvider(error)) return this.end(id)
        // A provider that could not be reached, or failed for a moment, ends nothing: a still-valid token stays in use,
        // and without one the request is refused as transient; the next request tries the refresh again.
        if ((current.accessExpiresAt ?? 0) > this.now()) return current
        throw await transientRefreshFailure(error)
      }
    })
  }

  private async end(id: string): Promise<undefined> {
    await this.sessions.delete(id)
    return undefined
  }
}

/** A refresh the provider could not make just now: said as transient, in the provider's own words where it gave some. */
async function transientRefreshFailure(error: unknown): Promise<ConsoleError> {
  const said = await providerWords(error)
  return new ConsoleError(
    503,
    'sign_in_provider_unavailable',
    `The sign-in provider could not renew this session's access token just now${said ? ` (it said: ${said})` : ''}. This is transient: your session is kept, and the next request tries again.`,
    { 'Retry-After': '5' },
  )
}

/** The OAuth error body's description (openid-client keeps an unexpected status's answer as the error's cause). */
async function providerWords(error: unknown): Promise<string | undefined> {
  if (!(error instanceof Error)) return undefined
  const { cause } = error
  const body: unknown =
    cause instanceof Response
      ? await cause
          .clone()
          .json()
          .catch(() => undefined)
      : (cause ?? error)
  const { error: code, error_description: description } = (body ?? {}) as Record<string, unknown>
  if (typeof description === 'string' && description) return description
  if (typeof code === 'string' && code) return code
  return error.message || undefined
}
