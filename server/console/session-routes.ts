import { Hono } from 'hono'
import type { ConsoleConfig } from '../config.ts'
import { readJsonBody } from './body.ts'
import { ConsoleError, errorResponse, jsonResponse } from './errors.ts'
import { numberGroupingFor } from './number-grouping.ts'
import type { RateLimiter } from './rate-limit.ts'
import { principalOf, type SignInLimits } from './sign-in-limits.ts'
import {
  SessionStoreFullError,
  clearedSessionCookie,
  parseCookies,
  sessionCookie,
  sessionCookieName,
  type Session,
  type SessionFields,
  type SessionStore,
} from './sessions.ts'
import type { Upstream } from './upstream.ts'
import type { OidcClient } from './oidc.ts'
import type { EmbeddingsSource } from '../local-cloud/services/inference/served-by.ts'
import { SCOPE_COOKIE } from './bootstrap.ts'
import { sessionEndCookie } from './session-end.ts'

export interface SessionRoutesDeps {
  config: ConsoleConfig
  sessions: SessionStore
  /** The demo admin's token when the identity API is the embedded local cloud. */
  demoToken?: string
  demoLimiter: RateLimiter
  /** Sign-ins per client address and per principal. */
  signIns: SignInLimits
  /** How the console itself reaches the identity API, and the base URL it calls there. */
  identity: () => { upstream: Upstream; base: string }
  /** Who is asking, for the sign-in rate limits. */
  clientOf: (request: Request, env: unknown) => string
  /** The OpenID Connect client, when sign-in through a provider is configured. */
  oidc?: OidcClient
  /** What serves the embeddings, when the inference service is the embedded local cloud; never for the platform's. */
  embeddingsSources?: EmbeddingsSource[]
}

export function sessionOf(
  deps: Pick<SessionRoutesDeps, 'config' | 'sessions'>,
  request: Request,
): Promise<Session | undefined> {
  const id = parseCookies(request.headers.get('cookie')).get(sessionCookieName(deps.config.secureCookies))
  return deps.sessions.get(id)
}

/** The sliding cookie: re-sent about once a minute while the session is used, never past its absolute lifetime. */
export function refreshCookie(
  deps: Pick<SessionRoutesDeps, 'config' | 'sessions'>,
  session: Session,
  res: { headers: Headers },
) {
  if (!deps.sessions.cookieDue(session)) return
  res.headers.append(
    'set-cookie',
    sessionCookie(session.id, deps.config.secureCookies, deps.sessions.cookieMaxAge(session)),
  )
}

/**
 * Asks the identity API whether a token is good: only a success answer lets it in. The one exception is a 404: the
 * organizations list is a platform extension, and on a platform without it there is nothing to check against, so
 * the token is admitted and the first real call decides.
 */
/** Checks the token with the identity API; answers the ids of the organizations it belongs to (none on a 404). */
async function checkToken(deps: SessionRoutesDeps, token: string): Promise<string[]> {
  const { upstream, base } = deps.identity()
  const where = deps.config.upstreams.identity
  let response: Response
  try {
    response = await upstream(
      new Request(`${base}/api/v1/organizations`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(deps.config.upstreamTimeoutMs),
      }),
    )
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached'
    throw new ConsoleError(
      502,
      'upstream_unreachable',
      `The identity API at ${where} ${reason}, so the token could not be checked.`,
    )
  }
  if (response.ok) return organizationIdsIn(await response.json().catch(() => undefined))
  await response.body?.cancel().catch(() => undefined)
  if (response.status === 404) return []
  if (response.status >= 500)
    throw new ConsoleError(
      502,
      'upstream_error',
      `The identity API answered ${response.status} while checking the token. Try again shortly.`,
    )
  throw new ConsoleError(
    401,
    'access_denied',
    response.status === 401 || response.status === 403
      ? 'The identity API did not accept this token. Check that it is complete and has not expired.'
      : `The identity API refused this token (it answered ${response.status}). Check that it is complete and has not expired.`,
  )
}

function organizationIdsIn(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  const ids = list.map((item) => (item as { metadata?: { id?: unknown } } | null)?.metadata?.id)
  return ids.filter((id): id is string => typeof id === 'string').sort()
}

/** Starts a session, or refuses with 503 when the store is full; any earlier session of this browser ends. */
export async function startSession(
  deps: Pick<SessionRoutesDeps, 'config' | 'sessions'>,
  request: Request,
  fields: SessionFields,
): Promise<Session> {
  await deps.sessions.delete((await sessionOf(deps, request))?.id)
  try {
    return await deps.sessions.create(fields)
  } catch (error) {
    if (!(error instanceof SessionStoreFullError)) throw error
    throw new ConsoleError(
      503,
      'temporarily_unavailable',
      'The console is serving as many sessions as it allows. Try again in a few minutes; if it persists, ask the operator to raise MAX_SESSIONS.',
      { 'Retry-After': '60' },
    )
  }
}

/** What GET and POST /console/session answer: how and when the user signed in, and when the access token ends. */
function sessionView(session: Session) {
  return {
    kind: session.kind,
    ...(session.person ? { person: session.person } : {}),
    signedInAt: new Date(session.createdAt).toISOString(),
    ...(session.accessExpiresAt !== undefined
      ? { accessExpiresAt: new Date(session.accessExpiresAt).toISOString() }
      : {}),
  }
}

/** The console's own routes under /console: health, the client configuration and the session. */
export function sessionRoutes(deps: SessionRoutesDeps) {
  const { config, sessions } = deps
  const routes = new Hono()

  routes.get('/health', () => jsonResponse(200, { ok: true }))
  routes.get('/config', (c) => {
    const res = jsonResponse(200, {
      upstreams: config.upstreams,
      localCloud: config.embedded.length > 0,
      demoSignIn: Boolean(deps.demoToken),
      oidc: deps.oidc ? { provider: deps.oidc.providerName, ...deps.oidc.publicSettings } : null,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      embeddings: deps.embeddingsSources ?? null,
      numbers: numberGroupingFor(c.req.header('accept-language')),
    })
    res.headers.set('Vary', 'Accept-Language')
    return res
  })

  routes.get('/session', async (c) => {
    const session = await sessionOf(deps, c.req.raw)
    // Signed out is an answer to "who am I", not a failure: a 401 here was logged in the browser's console on every
    // first visit. The API's own requests still answer 401 without a session.
    if (!session) return jsonResponse(200, null)
    const res = jsonResponse(200, sessionView(session))
    refreshCookie(deps, session, res)
    return res
  })

  routes.delete('/session', async (c) => {
    const session = await sessionOf(deps, c.req.raw)
    await sessions.delete(session?.id)
    // The provider ends the grant too, so the refresh token is worthless even if it leaked.
    if (session?.refreshToken && deps.oidc)
      await deps.oidc
        .revoke(session.refreshToken)
        .catch((error: unknown) => console.warn('refresh token revocation failed', error))
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', clearedSessionCookie(config.secureCookies))
    // Another tab of this browser, whose next request comes without the session cookie, is told why.
    if (session) headers.append('Set-Cookie', sessionEndCookie('signed-out', config))
    // The working scope's ids too (the SPA clears them as well): none of this session's scope stays in the browser.
    headers.append('Set-Cookie', `${SCOPE_COOKIE}=; Path=/; SameSite=Strict; Max-Age=0`)
    return new Response(null, { status: 204, headers })
  })

  routes.post('/session', async (c) => {
    const body = await readJsonBody(c.req.raw)
    const input = (body && typeof body === 'object' ? body : {}) as { token?: unknown; demo?: unknown }
    let token: string
    let kind: 'token' | 'demo'
    if (input.demo === true) {
      if (!deps.demoToken)
        throw new ConsoleError(
          400,
          'invalid_request',
          'Demo sign-in is only offered when the console runs on the embedded local cloud.',
        )
      const wait = deps.demoLimiter.take(deps.clientOf(c.req.raw, c.env))
      if (wait > 0)
        throw new ConsoleError(
          429,
          'too_many_requests',
          `Too many demo sign-ins from this address. Try again in ${wait} s.`,
          { 'Retry-After': String(wait) },
        )
      await deps.signIns.admit(undefined, principalOf({ token: deps.demoToken }))
      token = deps.demoToken
      kind = 'demo'
    } else if (typeof input.token === 'string' && input.token.trim() !== '') {
      token = input.token.trim().replace(/^Bearer\s+/i, '')
      if (/\s/.test(token))
        throw new ConsoleError(400, 'invalid_request', 'A token has no spaces or line breaks. Paste the token alone.')
      // It travels in a header, which carries visible ASCII only: anything else was mangled on its way here.
      const odd = /[^\x21-\x7e]/.exec(token)
      if (odd)
        throw new ConsoleError(
          400,
          'invalid_request',
          `A token is plain ASCII, but this one has “${odd[0]}”. Copy it again from where it was issued.`,
        )
      // Before the identity API is asked: a flood of pastes, good tokens or not, is slowed here.
      await deps.signIns.admit(deps.clientOf(c.req.raw, c.env), principalOf({ token }))
      kind = 'token'
    } else {
      throw new ConsoleError(400, 'invalid_request', 'Paste an access token or a service-account token.')
    }

    const organizations = await checkToken(deps, token)
    // The sessions of every token of one organization count together, whichever address they come from.
    const holder = organizations.length ? `org:${organizations.join(',')}` : undefined
    if (holder) await deps.signIns.admitHolder(holder)
    const session = await startSession(deps, c.req.raw, { token, kind, ...(holder ? { holder } : {}) })
    const res = jsonResponse(201, sessionView(session), {
      'Set-Cookie': sessionCookie(session.id, config.secureCookies, sessions.cookieMaxAge(session)),
    })
    res.headers.append('Set-Cookie', sessionEndCookie('expired', config))
    return res
  })

  routes.all('/session', (c) =>
    errorResponse(405, 'method_not_allowed', `${c.req.method} is not allowed on /console/session.`, {
      Allow: 'GET, POST, DELETE',
    }),
  )
  routes.all('*', (c) => errorResponse(404, 'not_found', `No console route ${c.req.path}.`))
  return routes
}
