import type { Service } from '../config.ts'
import { ConsoleError, errorResponse } from './errors.ts'
import type { Upstream } from './upstream.ts'
import { SERVICE_NAMES } from '../../src/api/services.ts'

// Only these request headers travel upstream: never the console's cookies, never the browser's own auth.
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'content-length',
  'accept',
  'accept-language',
  'if-none-match',
  'if-match',
]
// Only these upstream headers reach the browser: what describes the body, cache validators, retry hints and trace
// ids. Everything else (policies, cookies, redirects, Refresh) would act on the console's origin.
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'etag',
  'last-modified',
  'retry-after',
  'allow',
  'x-trace',
  'x-trace-id',
  'trace-id',
  'traceparent',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]
// What an API answer may be: JSON, a server-sent event stream, or plain text. Anything else (an HTML error page
// from a misrouted URL, a script) is never served on the console's origin.
const API_CONTENT_TYPE = /^(application\/([\w.+-]+\+)?json|text\/event-stream|text\/plain)\s*(;|$)/i
const NULL_BODY_STATUSES = new Set([204, 205, 304])
// The API's methods. Any other (TRACE, CONNECT, a scanner's own) is the client's mistake, not an upstream outage.
const PASSED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
// A connection that breaks with these was open: a write sent on it may have been carried out before it broke.
const BROKEN_AFTER_SENDING = new Set(['ECONNRESET', 'EPIPE'])
const BUFFERED_BYTES = 256 * 1024

export interface ProxyTarget {
  service: Service
  /** A service over HTTP, or the embedded cloud in-process: a Request in, a Response out, either way. */
  upstream: Upstream
  /** The base URL the request is sent to: the service's URL, or the embedded cloud's /local/{service}. */
  base: string
  /** The service's URL as users see it, for messages. */
  displayBase: string
  /** Raw path and query after `/api/{service}`, as the browser sent it. */
  pathAndQuery: string
  token: string
  /** Sent upstream as X-Request-Id, so the platform's logs and ours name the same request. */
  requestId?: string
  /** Sent upstream as W3C traceparent: the platform's services continue the console's trace. */
  traceparent?: string
  /** A deadline for the whole exchange: headers and body. */
  timeoutMs: number
}

/** An answer whose body is read whole: the common case, written out by the caller in one go, without a Response. */
export interface WholeAnswer {
  status: number
  headers: Headers
  body: Uint8Array | null
}

/**
 * Passes method, path, query, body and status through to the upstream, adding the session's bearer token. Paths
 * that could leave the service's base path are refused, the answer keeps only allow-listed headers, and the whole
 * exchange is bounded by the deadline. A body that ends within BUFFERED_BYTES comes back whole; a longer one, and
 * every error of the proxy's own, as a Response.
 */
export async function proxyRequest(request: Request, target: ProxyTarget): Promise<Response | WholeAnswer> {
  if (!PASSED_METHODS.includes(request.method))
    return errorResponse(405, 'method_not_allowed', `${request.method} is not passed to the platform's APIs.`, {
      Allow: PASSED_METHODS.join(', '),
    })
  const url = upstreamUrl(target.base, target.pathAndQuery)
  // A plain record: the Request below builds its own Headers from it, once.
  const headers: Record<string, string> = { authorization: `Bearer ${target.token}` }
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers[name] = value
  }
  const encodings = acceptedEncodings(request.headers.get('accept-encoding'))
  if (encodings) headers['accept-encoding'] = encodings
  if (target.requestId) headers['x-request-id'] = target.requestId
  if (target.traceparent) headers.traceparent = target.traceparent

  const deadline = new Deadline(target.timeoutMs, request.signal)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  const name = SERVICE_NAMES[target.service]

  let response: Response
  try {
    const upstreamRequest = new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      // The upstream stops when the browser goes away (a cancelled run) or at the deadline: a service over HTTP has
      // its call aborted, and the embedded cloud sees the signal on the request it is handed, so its long work (an
      // embeddings run) stops too rather than running on for no one.
      signal: deadline.signal,
      // @ts-expect-error Node's fetch needs `duplex` to stream a request body; the DOM types do not know it.
      duplex: 'half',
    })
    response = await deadline.race(target.upstream(upstreamRequest))
  } catch (error) {
    deadline.clear()
    // No one is waiting for this answer: said as nginx says it, and not counted as the upstream's failure.
    if (request.signal.aborted)
      return errorResponse(499, 'client_closed_request', 'The browser closed the request before the answer came.')
    if (deadline.expired)
      return errorResponse(
        504,
        'upstream_timeout',
        `The ${name} at ${originOf(target)} did not answer within ${formatSeconds(target.timeoutMs)}. Try again; if it persists, check the service's status.`,
      )
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    if (request.method !== 'GET' && request.method !== 'HEAD' && BROKEN_AFTER_SENDING.has(reason))
      return errorResponse(
        502,
        'upstream_answer_lost',
        `The ${name} at ${originOf(target)} broke off the connection (${reason}) before it answered: the request may have been carried out.`,
      )
    return errorResponse(
      502,
      'upstream_unreachable',
      `The ${name} at ${originOf(target)} could not be reached (${reason}). Check the console's ${target.service.toUpperCase()}_URL setting and the network.`,
    )
  }

  const answerHeaders = new Headers({ 'cache-control': 'no-store' })
  for (const header of PASSED_RESPONSE_HEADERS) {
    const value = response.headers.get(header)
    if (value !== null) answerHeaders.set(header, value)
  }
  let bodiless = NULL_BODY_STATUSES.has(response.status) || request.method === 'HEAD' || response.body === null
  const type = response.headers.get('content-type')
  // An empty 2xx is empty whatever its framing: one sent chunked, without a type or a length, is read to see.
  if (!bodiless && !type && response.status < 300 && (await emptyBody(response, deadline))) bodiless = true
  if (!bodiless && !API_CONTENT_TYPE.test(type ?? '') && response.headers.get('content-length') !== '0') {
    deadline.clear()
    await response.body?.cancel().catch(() => undefined)
    return errorResponse(
      response.status >= 400 ? response.status : 502,
      'upstream_error',
      `The ${name} at ${originOf(target)} answered ${response.status} with ${type ? `a ${type.split(';')[0]} body` : 'a body of no declared type'} where JSON was expected.`,
    )
  }
  if (bodiless || !response.body) {
    deadline.clear()
    await response.body?.cancel().catch(() => undefined)
    return { status: response.status, headers: answerHeaders, body: null }
  }
  // Most API answers are small: read whole, they go out in one write with a length (and compress in one call).
  // Larger ones stream through, cut at the deadline.
  let read: Read
  try {
    read = await deadline.race(bufferUpTo(response.body, BUFFERED_BYTES))
  } catch (error) {
    deadline.clear()
    if (!deadline.expired) throw error
    return errorResponse(
      504,
      'upstream_timeout',
      `The ${name} at ${originOf(target)} did not finish its answer within ${formatSeconds(target.timeoutMs)}.`,
    )
  }
  if ('whole' in read) {
    deadline.clear()
    answerHeaders.set('content-length', String(read.whole.byteLength))
    return { status: response.status, headers: answerHeaders, body: read.whole }
  }
  answerHeaders.delete('content-length')
  return new Response(read.stream.pipeThrough(deadline.untilExpiry()), {
    status: response.status,
    headers: answerHeaders,
  })
}

/**
 * Whether an answer's body is empty. One that is not (a body of no declared type) is refused by the caller, so what
 * was read of it is dropped here.
 */
async function emptyBody(response: Response, deadline: Deadline): Promise<boolean> {
  if (!response.body) return true
  const read = await deadline.race(bufferUpTo(response.body, 0)).catch(() => undefined)
  if (read && 'whole' in read) return read.whole.byteLength === 0
  if (read) await read.stream.cancel().catch(() => undefined)
  return false
}

/**
 * The whole body when it ends within `limit` bytes; else a stream of what was read followed by the rest, so a large
 * body is never held in memory whole.
 */
type Read = { whole: Uint8Array } | { stream: ReadableStream<Uint8Array> }

async function bufferUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Read> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return { whole: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }
    chunks.push(value)
    size += value.byteLength
    if (size > limit) break
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
    },
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  return { stream }
}

class DeadlineError extends Error {
  constructor() {
    super('The upstream did not finish within the deadline.')
  }
}

/**
 * A deadline for the whole exchange: a timer, and the AbortSignal the upstream's call follows, which also aborts when
 * the client's does (one controller and a listener: cheaper than AbortSignal.any, on every request).
 */
class Deadline {
  expired = false
  private readonly timer: NodeJS.Timeout
  private readonly controller = new AbortController()
  private onExpiry?: () => void

  constructor(ms: number, client: AbortSignal) {
    this.timer = setTimeout(() => {
      this.expired = true
      this.controller.abort(new DeadlineError())
      this.onExpiry?.()
    }, ms)
    if (client.aborted) this.controller.abort(client.reason)
    else client.addEventListener('abort', () => this.controller.abort(client.reason), { once: true })
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  clear() {
    clearTimeout(this.timer)
  }

  /** Settles with the promise, or rejects at the deadline, even when the upstream ignores its signal. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.expired) return Promise.reject(new DeadlineError())
    return new Promise<T>((resolve, reject) => {
      this.onExpiry = () => reject(new DeadlineError())
      promise.then(resolve, reject).finally(() => (this.onExpiry = undefined))
    })
  }

  /** Passes a body through until the deadline, then errors it (the browser sees a cut answer, not a hang). */
  untilExpiry(): TransformStream<Uint8Array, Uint8Array> {
    return new TransformStream({
      start: (controller) => {
        if (this.expired) controller.error(new DeadlineError())
        else this.onExpiry = () => controller.error(new DeadlineError())
      },
      transform(chunk, controller) {
        controller.enqueue(chunk)
      },
      flush: () => {
        this.clear()
        this.onExpiry = undefined
      },
    })
  }
}

/** Whether a raw request target has a `.` or `..` segment, literal or percent-encoded. */
export function hasDotSegment(target: string): boolean {
  const query = target.indexOf('?')
  const path = query < 0 ? target : target.slice(0, query)
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))
}

/**
 * The upstream URL for a raw path: each segment is checked as the upstream would decode it, so neither `..` nor
 * `%2e%2e` nor an encoded slash can climb out of the service's base path.
 */
function upstreamUrl(base: string, pathAndQuery: string): string {
  const query = pathAndQuery.indexOf('?')
  const path = query < 0 ? pathAndQuery : pathAndQuery.slice(0, query)
  if (hasDotSegment(path) || /%(2f|5c)/i.test(path))
    throw new ConsoleError(400, 'invalid_request', 'Paths may not contain dot segments or encoded slashes.')
  const url = new URL(`${base}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`)
  const basePath = basePathOf(base)
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`))
    throw new ConsoleError(400, 'invalid_request', 'The path leaves the service base path.')
  return url.href
}

// A handful of bases (one per service), parsed once rather than on every request.
const basePaths = new Map<string, string>()
function basePathOf(base: string): string {
  let path = basePaths.get(base)
  if (path === undefined) basePaths.set(base, (path = new URL(base).pathname.replace(/\/+$/, '')))
  return path
}

const originOf = (target: ProxyTarget) => new URL(target.displayBase).origin

/** The encodings worth asking the upstream for: the ones both the browser and this proxy know. */
function acceptedEncodings(header: string | null): string | undefined {
  if (!header) return undefined
  const known = header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^(gzip|br|deflate|zstd)\b/i.test(part))
  return known.length ? known.join(', ') : undefined
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}
