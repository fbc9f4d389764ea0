import { Hono } from 'hono'
import type { ConsoleConfig } from '../config.ts'
import { ConsoleError } from './errors.ts'
import type { Logger } from './log.ts'
import type { OidcClient, PendingSignIn } from './oidc.ts'
import { startSession } from './session-routes.ts'
import { sessionEndCookie } from './session-end.ts'
import { parseCookies, sessionCookie, type SessionStore } from './sessions.ts'
import { oidcPrincipal, principalOf, type SignInLimits } from './sign-in-limits.ts'

/** The popup tells the page that opened it; BroadcastChannel works where window.opener is cut by COOP. */
const SIGN_IN_CHANNEL = 'cloud-console-sign-in'
const POPUP_SCRIPT = `new BroadcastChannel(${JSON.stringify(SIGN_IN_CHANNEL)}).postMessage('signed-in');window.close();\n`
const PENDING_PATH = '/console/oidc'
const PENDING_SECONDS = 600

// SameSite=Lax, not Strict: the callback is a navigation from the provider's site, and Strict would withhold it.
// `__Host-` (Secure, Path=/, no Domain), as the session's: a sibling subdomain can set a `__Secure-` cookie for the
// parent domain, and so could plant its own pending sign-in and send the victim to its callback, signing them in as
// the attacker (login CSRF).
function pendingCookieName(secure: boolean): string {
  return secure ? '__Host-cc_oidc' : 'cc_oidc'
}

function pendingCookie(value: string, secure: boolean, maxAge: number): string {
  return [
    `${pendingCookieName(secure)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    secure ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ')
}

function readPending(request: Request, secure: boolean): PendingSignIn | undefined {
  const raw = parseCookies(request.headers.get('cookie')).get(pendingCookieName(secure))
  if (!raw) return undefined
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<PendingSignIn>
    if (typeof value.state !== 'string' || typeof value.nonce !== 'string' || typeof value.verifier !== 'string')
      return undefined
    return { state: value.state, nonce: value.nonce, verifier: value.verifier, popup: value.popup === true }
  } catch {
    return undefined
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(status: number, title: string, body: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

interface OidcRouteDeps {
  config: ConsoleConfig
  sessions: SessionStore
  oidc: OidcClient
  /** Sign-ins per client address and per person. */
  signIns: SignInLimits
  clientOf: (request: Request, env: unknown) => string
  /** The server's log, for what an administrator must fix. */
  logger?: Logger
}

/**
 * /console/oidc/start sends the browser to the provider; /console/oidc/callback checks its answer, keeps the tokens
 * in a new server session and either goes to the console (a full-page sign-in) or tells the page that opened the
 * popup (the in-place sign-in, which keeps the page and what the user typed).
 */
export function oidcRoutes(deps: OidcRouteDeps) {
  const { config, sessions, oidc } = deps
  const routes = new Hono()
  const secure = config.secureCookies

  routes.get('/start', async (c) => {
    const { url, pending } = await oidc.start(c.req.query('popup') === '1')
    const value = Buffer.from(JSON.stringify(pending)).toString('base64url')
    return new Response(null, {
      status: 302,
      headers: {
        location: url.toString(),
        'set-cookie': pendingCookie(value, secure, PENDING_SECONDS),
        'cache-control': 'no-store',
      },
    })
  })

  routes.get('/callback', async (c) => {
    const pending = readPending(c.req.raw, secure)
    const clear = { 'set-cookie': pendingCookie('', secure, 0) }
    const failed = (reason: string) =>
      page(
        400,
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p>${escape(reason)}</p><p><a href="/">Back to the console</a></p>`,
        clear,
      )
    if (!pending) return failed('This sign-in was not started here or took too long. Start it again.')
    const error = c.req.query('error')
    if (error) return failed(c.req.query('error_description') ?? `The provider answered ${error}.`)
    let tokens
    try {
      // The redirect URI as registered, with the provider's query: openid-client compares the two.
      const current = new URL(config.oidc?.redirectUri ?? '')
      current.search = new URL(c.req.url).search
      tokens = await oidc.callback(current, pending)
    } catch (cause) {
      if (cause instanceof ConsoleError) throw cause
      if ((cause as { error?: unknown }).error === 'invalid_client') {
        const reqId = (c.get('log' as never) as { id?: string } | undefined)?.id
        deps.logger?.error(
          { reqId, error: 'invalid_client' },
          'the OpenID provider refused the console’s client credentials: fix OIDC_CLIENT_ID/OIDC_CLIENT_SECRET or the registration',
        )
        return failed(
          `The sign-in provider refused the console’s own credentials (invalid_client): the client id or secret the console is configured with (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET) is not the one registered at the provider. An administrator must fix the client registration or the console’s settings; signing in again will not help.${reqId ? ` Request id ${reqId}.` : ''}`,
        )
      }
      console.warn('OpenID Connect callback refused', cause)
      return failed('The provider’s answer did not check out (state, nonce or ID token). Start the sign-in again.')
    }
    const { subject, ...kept } = tokens
    const principal = subject ? oidcPrincipal(subject) : principalOf(kept)
    try {
      await deps.signIns.admit(deps.clientOf(c.req.raw, c.env), principal)
    } catch (refusal) {
      if (!(refusal instanceof ConsoleError)) throw refusal
      const body = `<h1>Sign-in refused</h1><p>${escape(refusal.message)}</p><p><a href="/">Back to the console</a></p>`
      return page(refusal.status, 'Sign-in refused', body, { ...clear, ...refusal.headers })
    }
    const session = await startSession(deps, c.req.raw, { kind: 'oidc', ...kept, principal })
    const headers = new Headers(clear)
    headers.append('set-cookie', sessionCookie(session.id, secure, sessions.cookieMaxAge(session)))
    headers.append('set-cookie', sessionEndCookie('expired', deps.config))
    headers.set('cache-control', 'no-store')
    if (!pending.popup) {
      headers.set('location', '/')
      return new Response(null, { status: 302, headers })
    }
    headers.set('content-type', 'text/html; charset=utf-8')
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title><script src="${PENDING_PATH}/popup-done.js"></script></head><body><main><p>Signed in. You can close this window.</p></main></body></html>`
    return new Response(html, { status: 200, headers })
  })

  routes.get('/popup-done.js', () => {
    return new Response(POPUP_SCRIPT, {
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
    })
  })

  return routes
}
