import type { ConsoleConfig } from '../config.ts'
import { ConsoleError } from './errors.ts'
import { parseCookies, sessionCookieName } from './sessions.ts'

/**
 * Why the console server has no session for a request, said in its 401 so the SPA can say who ended the session: the
 * console server, not the platform service the request was meant for, which was never asked.
 *
 * The session cookie alone cannot tell: a signed-out or expired session's cookie is gone from the browser, as is one
 * that was never there. So a second cookie says what ended it: written `expired` at sign-in (the session cookie
 * vanishes on its own only by expiring), overwritten by a sign-out or by a refresh the provider refused.
 */
export type SessionEnd = 'signed-out' | 'expired' | 'refresh-refused' | 'gone' | 'none'

const REASONS: readonly SessionEnd[] = ['signed-out', 'expired', 'refresh-refused']

function endCookieName(secure: boolean): string {
  return `${sessionCookieName(secure)}_end`
}

/** The cookie saying why the session ended; it outlives the longest session by a day, then says nothing. */
export function sessionEndCookie(reason: SessionEnd, config: Pick<ConsoleConfig, 'secureCookies' | 'sessionMaxMs'>) {
  const maxAge = Math.floor(config.sessionMaxMs / 1000) + 86_400
  return [
    `${endCookieName(config.secureCookies)}=${reason}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAge}`,
    config.secureCookies ? 'Secure' : '',
  ]
    .filter(Boolean)
    .join('; ')
}

/** Why a request's browser has no live session, from its cookies; `refusedNow` when its token's renewal was just refused. */
function sessionEndOf(request: Request, secure: boolean, refusedNow = false): SessionEnd {
  if (refusedNow) return 'refresh-refused'
  const cookies = parseCookies(request.headers.get('cookie'))
  const said = cookies.get(endCookieName(secure)) as SessionEnd | undefined
  const hasSession = Boolean(cookies.get(sessionCookieName(secure)))
  if (said === 'signed-out' || said === 'refresh-refused') return said
  // A session cookie the store no longer knows did not expire in the browser: the server let it go, for no recorded reason.
  if (hasSession) return 'gone'
  return said && REASONS.includes(said) ? said : 'none'
}

const duration = (ms: number) => {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.round(minutes / 60)
  return `${hours} hour${hours === 1 ? '' : 's'}`
}

function sentenceOf(reason: SessionEnd, config: Pick<ConsoleConfig, 'sessionIdleMs' | 'sessionMaxMs'>): string {
  switch (reason) {
    case 'signed-out':
      return 'This browser signed out of the console, in another tab or window, which ended this session too.'
    case 'expired':
      return `The session expired: the console server ends a session unused for ${duration(config.sessionIdleMs)}, and any session ${duration(config.sessionMaxMs)} after sign-in.`
    case 'refresh-refused':
      return 'The sign-in provider refused to renew the session’s access token, so the console server ended the session.'
    case 'gone':
      return 'The console server no longer holds this session, and kept no record of why (it may have restarted).'
    case 'none':
      return 'This browser holds no console session: its cookie is gone.'
  }
}

/**
 * The console server's own 401 for a request without a live session: its reason in words and in a header the SPA
 * reads, so the dialog names the console server rather than the service the request was for.
 */
export function sessionEndedError(
  request: Request,
  config: Pick<ConsoleConfig, 'secureCookies' | 'sessionIdleMs' | 'sessionMaxMs'>,
  refusedNow = false,
): ConsoleError {
  const reason = sessionEndOf(request, config.secureCookies, refusedNow)
  return new ConsoleError(401, 'access_denied', sentenceOf(reason, config), {
    'x-console-session': 'ended',
    'x-console-session-end': reason,
    ...(refusedNow ? { 'set-cookie': sessionEndCookie(reason, config) } : {}),
  })
}
