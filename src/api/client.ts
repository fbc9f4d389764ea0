// The only code in the SPA that calls fetch. It sends an ApiRequest through the console server's proxy
// (`/api/{service}{path}`), which adds the credential from the session cookie, and turns every outcome into either
// the parsed body or an ApiError.

import { takeCarried, type Answer } from './bootstrap'
import { getApiConfig } from './config'
import { ApiError, errorFromAnswer, isSessionEnded } from './errors'
import { consolePath, type ApiRequest, type Target } from './request'
import { headOf, type Transport } from './transport'
import { notifyUnauthorized } from './unauthorized'
import { waitingOn } from './waiting'
import { waitingToRetry } from './busy'

export interface CallOptions {
  /** Cancels the request; it then rejects with an ApiError code 'aborted'. */
  signal?: AbortSignal
  /** Overrides the configured timeout for this call. */
  timeoutMs?: number
  /**
   * A refresh of what the page shows, or a prefetch: a busy console server refuses it before a page's own reads
   * (server/console/admission.ts).
   */
  background?: boolean
}

// The session routes answer 401 as part of their normal work (signed out, token refused); they must not raise the
// "session ended" overlay.
interface InternalOptions extends CallOptions {
  reportUnauthorized?: boolean
}

// Beyond the console server's deadline for a service: its 504, which says which service did not answer, comes first.
const ANSWER_GRACE_MS = 5_000
// A read refused for now (429, 503 with Retry-After) is asked again up to this many times, each after its Retry-After
// and up to half as long again at random, so that browsers refused together do not all come back together.
const RETRIES = 8
const RETRY_AFTER_MAX_MS = 10_000

/** The console-server URL a request goes to. */
function proxyUrl(request: ApiRequest<Target>, baseUrl = getApiConfig().baseUrl): string {
  return `${baseUrl}${consolePath(request)}`
}

/**
 * What reads an answer: a zod schema, or a hand-written reader of the same shape where zod would be too heavy (the
 * session routes are in the entry chunk).
 */
export interface AnswerReader<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
}

/** Sends the request and parses a JSON answer with `schema`. */
export async function sendJson<T>(
  request: ApiRequest<Target>,
  schema: AnswerReader<T>,
  options?: InternalOptions,
): Promise<T> {
  const answer = await exchange(request, options)
  const context = { service: request.service, method: request.method, path: request.path }
  const invalid = (message: string, cause?: unknown) =>
    new ApiError({ ...context, status: answer.status, code: 'invalid_response', message, cause })

  let json: unknown
  try {
    json = JSON.parse(answer.text)
  } catch (cause) {
    // Typically an HTML page from a proxy or a misrouted SPA fallback answering 200.
    throw invalid(`The answer to ${request.method} ${request.path} is not JSON.`, cause)
  }
  let parsed = schema.safeParse(json)
  if (!parsed.success) {
    // zod's English messages load only now (schemas/messages.ts), and the answer is read again to word its issue. If
    // they cannot load, the issue says only "Invalid input", still with where it is.
    await import('./schemas/messages').then(
      ({ englishMessages }) => englishMessages(),
      () => undefined,
    )
    parsed = schema.safeParse(json)
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length ? ` at ${issue.path.map(String).join('.')}` : ''
    throw invalid(
      `Unexpected answer to ${request.method} ${request.path}${where}: ${issue?.message ?? 'invalid'}.`,
      parsed.error,
    )
  }
  return parsed.data
}

/**
 * Sends the request through `transport` (one that fetches and reads a large answer in a worker, say) and returns what
 * it read of a successful answer; an error answer, no answer, a timeout or a cancel fail as any other call's.
 */
export async function sendThrough<T>(
  request: ApiRequest<Target>,
  transport: Transport<T>,
  options?: CallOptions,
): Promise<T> {
  const answer = await exchange(request, options, transport)
  if (answer.read === undefined) {
    throw new ApiError({
      service: request.service,
      method: request.method,
      path: request.path,
      status: answer.status,
      code: 'invalid_response',
      message: `The answer to ${request.method} ${request.path} was not read.`,
    })
  }
  return answer.read
}

/** What a write answered when its body is not read: its status alone (202 accepted, 200 or 204 done). */
interface Acknowledged {
  status: number
}

/**
 * Sends the request and ignores the answer's body (deletes, power actions: 202 with or without a body); resolves the
 * answer's status, which says whether the platform did it or only accepted to (`acceptedOnly`).
 */
export async function sendNoContent(request: ApiRequest<Target>, options?: InternalOptions): Promise<Acknowledged> {
  const { status } = await exchange(request, options)
  return { status }
}

/** Whether a write whose body was not read was only accepted (202), to be carried out after the answer. */
export function acceptedOnly(answer: unknown): boolean {
  return (answer as Acknowledged | undefined)?.status === 202
}

/** fetch on the page's thread, the answer's body read as text. */
const onThisThread: Transport<never> = async (url, init, fetchImpl) => {
  const response = await fetchImpl.call(globalThis, url, init)
  return { ...headOf(response), text: await response.text() }
}

async function exchange<T = never>(
  request: ApiRequest<Target>,
  options: InternalOptions | undefined,
  transport: Transport<T> = onThisThread,
): Promise<Answer & { read?: T }> {
  const config = getApiConfig()
  const context = { service: request.service, method: request.method, path: request.path }
  const callerSignal = options?.signal
  const timeoutMs = options?.timeoutMs ?? config.timeoutMs + (request.service === 'console' ? 0 : ANSWER_GRACE_MS)

  if (callerSignal?.aborted) throw abortedError(context)
  const missing = missingPathParameter(request.path)
  if (missing) {
    throw new ApiError({
      ...context,
      status: 0,
      code: 'missing_path_parameter',
      message: `Not sent: no ${missing} is chosen yet, and the request needs one (${request.method} ${request.path}). Choose the ${missing}, then try again.`,
    })
  }

  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const forwardAbort = () => controller.abort()
  callerSignal?.addEventListener('abort', forwardAbort, { once: true })

  const headers: Record<string, string> = {
    ...request.headers,
    Accept: 'application/json',
    // The console server's CSRF guard requires it on state-changing requests; sent on all for one rule.
    'X-Requested-With': 'cloud-console',
  }
  if (request.body !== undefined) headers['Content-Type'] = 'application/json'
  if (options?.background) headers['X-Console-Priority'] = 'background'
  const init: RequestInit = {
    method: request.method,
    headers,
    credentials: 'same-origin',
    signal: controller.signal,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  }
  // Looked up per call so a stub installed after import applies; called on globalThis because browsers reject a
  // fetch invoked with another `this`.
  const fetchImpl = config.fetch ?? globalThis.fetch

  let answer: Answer & { read?: T }
  const answered = waitingOn(request.service)
  try {
    answer = await untilAborted(
      (async () => {
        const url = proxyUrl(request, config.baseUrl)
        // Read by the first screen: index.html's bootstrap may have asked already (bootstrap.ts).
        const carried = request.method === 'GET' ? await takeCarried(url) : undefined
        if (carried) return carried
        for (let retry = 0; ; retry++) {
          const answer = await transport(url, init, fetchImpl)
          const wait = retry < RETRIES ? retryWait(request.method, answer) : undefined
          if (wait === undefined) return answer
          const asked = waitingToRetry()
          try {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, wait * (1 + Math.random() / 2))
              controller.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
            })
          } finally {
            asked()
          }
          if (controller.signal.aborted) return answer
        }
      })(),
      controller.signal,
    )
  } catch (cause) {
    if (timedOut) {
      throw new ApiError({
        ...context,
        status: 0,
        code: 'timeout',
        message: `No answer to ${request.method} ${request.path} within ${formatSeconds(timeoutMs)}.`,
        cause,
      })
    }
    if (callerSignal?.aborted) throw abortedError(context, cause)
    throw new ApiError({
      ...context,
      status: 0,
      code: 'network_error',
      message: 'Could not reach the console server. Check your connection and try again.',
      cause,
    })
  } finally {
    answered()
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', forwardAbort)
  }

  if (answer.status >= 200 && answer.status < 300) return answer
  const error = errorFromAnswer(context, answer)
  if (isSessionEnded(error) && options?.reportUnauthorized !== false) notifyUnauthorized(error)
  throw error
}

/**
 * How long to wait before asking a read again that the server refused for now: its Retry-After (seconds, or a date),
 * on a 429 or 503 to a GET. A write is never sent twice by the client: the user decides.
 */
function retryWait(method: string, answer: Answer): number | undefined {
  if (method !== 'GET' || (answer.status !== 429 && answer.status !== 503) || !answer.retryAfter) return undefined
  const seconds = Number(answer.retryAfter)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(answer.retryAfter) - Date.now()
  if (!Number.isFinite(ms)) return undefined
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms))
}

/**
 * The id an empty path segment stands for (`/organizations//serviceaccounts` → "organization"): a path parameter
 * that was not known when the request was built. Such a request would reach another route or a 404; it is never sent.
 */
function missingPathParameter(path: string): string | undefined {
  const segments = path.split('?')[0]!.split('/').slice(1)
  const empty = segments.findIndex((segment, i) => segment === '' && i < segments.length - 1)
  if (empty < 0) return undefined
  return (segments[empty - 1] ?? 'id').replace(/ies$/, 'y').replace(/s$/, '')
}

// Settles with the promise, or rejects as soon as the signal fires — even if the fetch ignores its signal.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function abortedError(context: Pick<ApiError, 'service' | 'method' | 'path'>, cause?: unknown): ApiError {
  return new ApiError({ ...context, status: 0, code: 'aborted', message: 'The request was cancelled.', cause })
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}
