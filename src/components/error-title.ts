import { isApiError, isSessionEnded } from '../api/errors'

/**
 * The title over a failed request's message, saying who failed: the platform refusing is a different fact from the
 * console server being out of reach or the platform being down for a moment, and the user acts differently on each
 * (fix the input, check the connection, wait and retry). `refused` words a refusal for its context ("The platform
 * refused to stop the instance").
 */
export function errorTitle(error: unknown, refused = 'The platform refused the request'): string {
  if (!isApiError(error)) return 'The request failed'
  if (error.code === 'network_error') return 'Could not reach the console server'
  if (error.code === 'timeout') return 'No answer in time'
  if (error.code === 'missing_path_parameter') return 'Not sent'
  if (isSessionEnded(error)) return 'Your session ended'
  if (error.status === 429) return 'Too many requests'
  if (error.code === 'upstream_answer_lost') return "The platform's answer was lost"
  if (error.status === 502 || error.status === 504) return 'The platform could not be reached'
  // The console renews an OpenID session's token before it forwards a request: that failing is the provider's fault,
  // whichever service the request was for.
  if (error.code === 'sign_in_provider_unavailable') return 'The sign-in provider is temporarily unavailable'
  // The console refuses a write it cannot record before sending it: the platform never saw it.
  if (error.code === 'activity_log_unavailable') return 'Not sent: the activity log is unavailable'
  if (error.status === 503)
    return error.service === 'console'
      ? 'The console server is temporarily unavailable'
      : 'The platform is temporarily unavailable'
  // Reservation v0.0.14's 507: no free capacity of that shape; the platform worked, and said no.
  if (error.status === 507) return 'Not enough free capacity'
  if (error.status >= 500) return 'The platform failed to handle the request'
  return refused
}
