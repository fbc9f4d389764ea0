import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { newTraceId } from './errors.ts'

/** What the local cloud logs of a request: the trace it belongs to, and what it was. */
export interface RequestLine {
  traceId: string
  method: string
  /** The route's pattern (`/api/v1/…/networks/:networkID`), never the path with its ids. */
  route: string
  status?: number
}

const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}/

const traceIds = new WeakMap<Request, string>()

/**
 * As the platform's OpenTelemetry middleware: the trace id of any caller's `traceparent` (the services trust their
 * callers), a new one without it, in the request's error body and its log line.
 */
export function traceRequests(log: ((line: RequestLine) => void) | undefined): MiddlewareHandler {
  return async (c, next) => {
    const traceId = TRACEPARENT.exec(c.req.header('traceparent') ?? '')?.[1]
    traceIds.set(c.req.raw, traceId && !/^0+$/.test(traceId) ? traceId : newTraceId())
    await next()
    if (!log) return
    log({
      traceId: traceIdOf(c),
      method: c.req.method, // After the handlers ran, the route index is the one that answered.
      route: routePath(c),
      status: c.res.status,
    })
  }
}

export function traceIdOf(c: Context): string {
  return traceIds.get(c.req.raw) ?? newTraceId()
}
