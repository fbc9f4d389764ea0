// The one error type of the API module. Every failure — an error answer in any of the body shapes we meet, a body
// that does not match our schemas, no answer at all, a timeout, a cancelled call — becomes an ApiError, so pages
// handle errors in one way (message at the top of a form, field path onto a field, status for 401/404).

import { isCollectionPath, type HttpMethod, type Target } from './request'

/** What the error body looked like: the platform's `{error, error_description}`, OpenAI's `{error: {…}}`, other. */
export type ErrorBodyKind = 'platform' | 'openai' | 'other' | 'none'

export type FieldPath = Array<string | number>

export interface ApiErrorInit {
  status: number
  code: string
  message: string
  service: Target
  method: HttpMethod
  path: string
  /** The trace the console server started for the request, in its log and the upstream's; else the body's. */
  traceId?: string
  /** The `trace_id` the platform wrote in its error body: the id its operators look the failure up by. */
  platformTraceId?: string
  fieldPath?: FieldPath
  fieldMessage?: string
  sentence?: string
  bodyKind?: ErrorBodyKind
  /** Why the console server itself ended the session ('signed-out', 'expired', …): no platform service was asked. */
  sessionEnd?: string
  /** An error body in a shape of its own (a release's `{blockers}`), as JSON, for the page that knows it. */
  details?: unknown
  cause?: unknown
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** HTTP status; 0 when no answer arrived (network failure, timeout, cancelled). */
  readonly status: number
  /**
   * The platform's code ('invalid_request', 'not_found', 'conflict', 'forbidden', …), an OpenAI code
   * ('model_not_found', …), or one of ours: 'unauthorized' (a 401 that ends the session), 'network_error', 'timeout', 'aborted',
   * 'invalid_response'. Non-JSON error answers get a code derived from the status (see codeForStatus).
   */
  readonly code: string
  readonly traceId?: string
  readonly platformTraceId?: string
  /** Request-body field the server blamed, e.g. ['spec', 'sizeGiB'] or ['input']; join with '.' for a form name. */
  readonly fieldPath?: FieldPath
  /** The message as the field shows it: the platform's words without the preamble that locates the field. */
  readonly fieldMessage?: string
  /**
   * The platform's description when it names no field (a business rule: "minimum network prefix size is /24"), which
   * a form places with fieldOfError (./business-rules.ts).
   */
  readonly sentence?: string
  readonly service: Target
  readonly method: HttpMethod
  /** Upstream path without the query, e.g. /api/v2/networks/abc. */
  readonly path: string
  readonly bodyKind: ErrorBodyKind
  readonly sessionEnd?: string
  readonly details?: unknown

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.traceId = init.traceId
    this.platformTraceId = init.platformTraceId
    this.fieldPath = init.fieldPath
    this.fieldMessage = init.fieldMessage
    this.sentence = init.sentence
    this.service = init.service
    this.method = init.method
    this.path = init.path
    this.bodyKind = init.bodyKind ?? 'none'
    if (init.details !== undefined) this.details = init.details
    this.sessionEnd = init.sessionEnd
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

/** The ids to quote for a failure: the platform's own, and the console's beside it when they differ. */
export interface TraceIds {
  platform?: string
  console?: string
}

export function traceIdsOf(e: unknown): TraceIds {
  if (!isApiError(e)) return {}
  const consoleId = e.traceId !== e.platformTraceId ? e.traceId : undefined
  return { platform: e.platformTraceId, console: consoleId }
}

/**
 * A failure's words where they are text alone (a field's message, a notification's sentence), with the ids to quote
 * to support after them ("… (trace id 4bf9…)"), as an alert says them on a line of their own.
 */
export function withTraceIds(message: string, error: unknown): string {
  const { platform, console: consoleId } = traceIdsOf(error)
  if (platform && consoleId) return `${message} (platform trace id ${platform}, console trace id ${consoleId})`
  const only = platform ?? consoleId
  return only ? `${message} (trace id ${only})` : message
}

/**
 * The request may have been carried out though its answer never came: the connection failed after it was sent (a
 * 502 from the console server or a load balancer, a 504, the network, the client's own timeout). A retried create
 * could make a second resource.
 */
export function outcomeUnknown(e: unknown): boolean {
  return isApiError(e) && (e.status === 502 || e.status === 504 || e.code === 'network_error' || e.code === 'timeout')
}

/**
 * The session has ended: the console server said so, or a service that accepts the session's credential refused it.
 * Any other 401 is one service refusing one call (the embedded local cloud beside the platform's identity service).
 */
export function isSessionEnded(e: unknown): boolean {
  return isApiError(e) && e.code === 'unauthorized'
}

/**
 * The platform refused a delete because something still uses the resource ("network is in use and cannot be
 * deleted", "project … still holds resources"). Its 403 is also how it refuses a caller's roles, so the status alone
 * says nothing of the cause.
 */
export function isInUse(e: unknown): boolean {
  return isApiError(e) && e.status === 403 && /\bin use\b|\bstill holds\b/i.test(e.message)
}

/** The caller cancelled the request (its AbortSignal fired); not a failure to report. */
export function isAborted(e: unknown): boolean {
  return isApiError(e) && e.code === 'aborted'
}

/**
 * True when the backend does not offer the operation at all, so the UI should degrade (a picker becomes a validated
 * ID input, a list says the endpoint is not offered) instead of showing an error. The rule:
 * - 405 or 501 on any path: the route exists but the method is not implemented, or nothing implements it.
 * - 404 on a collection path (a list or create, the path ends in the collection's name): nothing answers there.
 *   (A 404 for a missing parent, e.g. the region of an image list, also lands here; degrading is the right call then.)
 * - 404 on an item path only when the body is not a recognised error body (HTML or text from a router or proxy):
 *   a platform `{error: 'not_found'}` there means the item does not exist, which pages show as "not found".
 */
export function isNotOffered(e: unknown): boolean {
  if (!isApiError(e)) return false
  if (e.status === 405 || e.status === 501) return true
  if (e.status !== 404) return false
  return isCollectionPath(e.path) || (e.bodyKind !== 'platform' && e.bodyKind !== 'openai')
}

const STATUS_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'access_denied',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'request_entity_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_content',
  429: 'rate_limited',
  500: 'server_error',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
}

/** The code used when the body names none, in the platform's vocabulary where it has one. */
function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request')
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function decodePointerSegment(s: string): string | number {
  const decoded = s.replace(/~1/g, '/').replace(/~0/g, '~')
  return /^\d+$/.test(decoded) ? Number(decoded) : decoded
}

/**
 * The field a platform validation message names, as a path: `Error at "/spec/sizeGiB": …` → ['spec', 'sizeGiB'].
 * A quoted JSON pointer anywhere counts (its first segment a name, so a quoted "/24" is not one); an unquoted one only
 * when it starts at /metadata or /spec, so a URL path in a message ("no route for /api/v2/x") is not taken for a field.
 */
export function fieldPathFromDescription(description: string): FieldPath | undefined {
  const quoted = /["'](\/[A-Za-z_][^"'\s]*)["']/.exec(description)
  const bare = /(?:^|[\s(:,])(\/(?:metadata|spec)(?:\/[^\s"'):,]+)*)/.exec(description)
  const pointer = quoted?.[1] ?? bare?.[1]
  if (!pointer) return undefined
  return pointer.split('/').slice(1).filter(Boolean).map(decodePointerSegment)
}

/**
 * The field a platform description is about, when a validation message names it by JSON pointer (the field then shows
 * the reason alone); else the description is kept as a sentence for the form to look up (./business-rules.ts).
 */
function fieldOfDescription(description: string): Pick<ApiErrorInit, 'fieldPath' | 'fieldMessage' | 'sentence'> {
  const pointed = fieldPathFromDescription(description)
  if (!pointed) return { sentence: description }
  const reason = /Error at\s+["']?\/[^"'\s]*["']?:\s*(.+)$/s.exec(description)?.[1]
  return { fieldPath: pointed, fieldMessage: capitalize(reason ?? description) }
}

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** OpenAI's `param` ('input', 'input[3]', 'messages.0.content') as a path. */
export function fieldPathFromParam(param: string): FieldPath | undefined {
  const parts = param
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map(decodePointerSegment)
  return parts.length ? parts : undefined
}

interface RequestContext {
  service: Target
  method: HttpMethod
  path: string
}

interface ErrorAnswer {
  status: number
  statusText: string
  contentType: string
  traceId?: string
  /** The console server's X-Console-Session: ended. */
  sessionEnded?: boolean
  /** Its X-Console-Session-End: the console server ended the session itself, for this reason. */
  sessionEnd?: string
  text: string
}

/** Turns an error answer (any status outside 2xx) into an ApiError, whatever shape its body has. */
export function errorFromAnswer(request: RequestContext, answer: ErrorAnswer): ApiError {
  const { status } = answer
  const base = {
    ...request,
    status,
    traceId: answer.traceId,
    ...(status === 401 && answer.sessionEnd ? { sessionEnd: answer.sessionEnd } : {}),
  }
  // A 401 that ends the session carries one code, whatever the backend called it (the platform says 'access_denied'),
  // so the sign-in handling needs one check. The console's own routes answer for the session itself.
  const ended = status === 401 && (answer.sessionEnded === true || request.service === 'console')
  const code = (fromBody: string | undefined) => (ended ? 'unauthorized' : fromBody || codeForStatus(status))

  let json: unknown
  try {
    json = answer.text ? JSON.parse(answer.text) : undefined
  } catch {
    json = undefined
  }

  if (isRecord(json) && typeof json.error === 'string') {
    const description = typeof json.error_description === 'string' ? json.error_description : ''
    const platformTraceId = typeof json.trace_id === 'string' && json.trace_id ? json.trace_id : undefined
    return new ApiError({
      ...base,
      code: code(json.error),
      message: description || json.error,
      traceId: answer.traceId ?? platformTraceId,
      platformTraceId,
      ...(description ? fieldOfDescription(description) : {}),
      bodyKind: 'platform',
    })
  }

  if (isRecord(json) && isRecord(json.error)) {
    const e = json.error
    const openAiCode = typeof e.code === 'string' ? e.code : typeof e.type === 'string' ? e.type : undefined
    return new ApiError({
      ...base,
      code: code(openAiCode),
      message:
        typeof e.message === 'string' && e.message ? e.message : `The server answered ${describeStatus(answer)}.`,
      fieldPath: typeof e.param === 'string' ? fieldPathFromParam(e.param) : undefined,
      bodyKind: 'openai',
    })
  }

  // A short plain-text sentence (some of the platform's handlers answer so) is read as the JSON one is: on its field
  // when the console knows what it is about.
  const plain = answer.contentType.startsWith('text/plain') ? answer.text.trim() : ''
  return new ApiError({
    ...base,
    code: code(undefined),
    message: messageForOtherBody(answer),
    ...(plain && plain.length <= 200 ? fieldOfDescription(plain) : {}),
    ...(isRecord(json) ? { details: json } : {}),
    bodyKind: answer.text.trim() ? 'other' : 'none',
  })
}

function describeStatus(answer: ErrorAnswer): string {
  return answer.statusText ? `${answer.status} ${answer.statusText}` : String(answer.status)
}

// A short plain-text body ("upstream connect error") is worth showing; HTML error pages are not.
function messageForOtherBody(answer: ErrorAnswer): string {
  const text = answer.text.trim()
  const looksLikeMarkup = /^</.test(text) || answer.contentType.includes('html')
  if (text && !looksLikeMarkup && text.length <= 200) return `The server answered ${describeStatus(answer)}: ${text}`
  if (!text) return `The server answered ${describeStatus(answer)} with no body.`
  return `The server answered ${describeStatus(answer)}.`
}
