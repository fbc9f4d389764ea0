import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConsoleConfig, Service } from '../config.ts'
import { BodyError, parseCookies, readJsonBody, sendError, sendJson } from './http-utils.ts'
import { SESSION_COOKIE, clearedSessionCookie, sessionCookie, type SessionStore } from './sessions.ts'

export interface SessionRoutesDeps {
  config: ConsoleConfig
  sessions: SessionStore
  /** The demo admin's token when the identity API is the embedded local cloud. */
  demoToken?: string
  /** Where the console itself reaches a service (the embedded cloud is reached over loopback). */
  internalBase: (service: Service) => string
}

export function sessionIdOf(req: IncomingMessage): string | undefined {
  return parseCookies(req.headers.cookie).get(SESSION_COOKIE)
}

/** Asks the identity API whether a token is good. A backend without the organizations list still lets it in. */
async function checkToken(
  deps: SessionRoutesDeps,
  token: string,
): Promise<{ ok: true } | { ok: false; status: number; code: string; message: string }> {
  const url = `${deps.internalBase('identity')}/api/v1/organizations`
  let response: Response
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(deps.config.upstreamTimeoutMs),
    })
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached'
    return {
      ok: false,
      status: 502,
      code: 'upstream_unreachable',
      message: `The identity API at ${deps.config.upstreams.identity} ${reason}, so the token could not be checked.`,
    }
  }
  await response.body?.cancel()
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      status: 401,
      code: 'access_denied',
      message: 'The identity API did not accept this token. Check that it is complete and has not expired.',
    }
  }
  if (response.status >= 500) {
    return {
      ok: false,
      status: 502,
      code: 'upstream_error',
      message: `The identity API answered ${response.status} while checking the token. Try again shortly.`,
    }
  }
  return { ok: true }
}

export async function handleSessionRoutes(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: SessionRoutesDeps,
): Promise<void> {
  const { config, sessions } = deps
  const maxAge = Math.round(config.sessionIdleMs / 1000)

  if (pathname === '/console/health' && req.method === 'GET') {
    sendJson(res, 200, { ok: true })
    return
  }
  if (pathname === '/console/config' && req.method === 'GET') {
    sendJson(res, 200, {
      upstreams: config.upstreams,
      localCloud: config.embedded.length > 0,
      demoSignIn: Boolean(deps.demoToken),
    })
    return
  }
  if (pathname !== '/console/session') {
    sendError(res, 404, 'not_found', `No console route ${pathname}.`)
    return
  }

  if (req.method === 'GET') {
    const session = sessions.get(sessionIdOf(req))
    if (!session) {
      sendError(res, 401, 'access_denied', 'Not signed in.')
      return
    }
    sendJson(res, 200, { kind: session.kind, signedInAt: new Date(session.createdAt).toISOString() })
    return
  }
  if (req.method === 'DELETE') {
    sessions.delete(sessionIdOf(req))
    res.writeHead(204, { 'Set-Cookie': clearedSessionCookie(config.secureCookies), 'Cache-Control': 'no-store' }).end()
    return
  }
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'GET, POST, DELETE')
    sendError(res, 405, 'method_not_allowed', `${req.method} is not allowed on /console/session.`)
    return
  }

  let body: unknown
  try {
    body = await readJsonBody(req)
  } catch (error) {
    if (error instanceof BodyError) return sendError(res, error.status, error.code, error.message)
    throw error
  }
  const input = (body && typeof body === 'object' ? body : {}) as { token?: unknown; demo?: unknown }
  let token: string
  let kind: 'token' | 'demo'
  if (input.demo === true) {
    if (!deps.demoToken)
      return sendError(
        res,
        400,
        'invalid_request',
        'Demo sign-in is only offered when the console runs on the embedded local cloud.',
      )
    token = deps.demoToken
    kind = 'demo'
  } else if (typeof input.token === 'string' && input.token.trim() !== '') {
    token = input.token.trim().replace(/^Bearer\s+/i, '')
    if (/\s/.test(token))
      return sendError(res, 400, 'invalid_request', 'A token has no spaces or line breaks. Paste the token alone.')
    kind = 'token'
  } else {
    return sendError(res, 400, 'invalid_request', 'Paste an access token or a service-account token.')
  }

  const check = await checkToken(deps, token)
  if (!check.ok) return sendError(res, check.status, check.code, check.message)
  sessions.delete(sessionIdOf(req))
  const session = sessions.create(token, kind)
  sendJson(
    res,
    201,
    { kind, signedInAt: new Date(session.createdAt).toISOString() },
    { 'Set-Cookie': sessionCookie(session.id, config.secureCookies, maxAge) },
  )
}
