/**
 * One request's span: its trace id (logged, shown to the user, sent upstream) and the `traceparent` that names this
 * span as the parent of the upstream call.
 */
export interface RequestSpan {
  readonly traceId: string
  readonly traceparent: string
  end(facts: SpanFacts): void
}

/** What the request log knows once the answer is sent, for the span's name and attributes. */
export interface SpanFacts {
  method: string
  route: string
  status: number
  upstream?: string
}

export interface Tracer {
  /** A span per request: a child of `traceparent` when it comes from a trusted load balancer, else a new trace. */
  start(traceparent: string | undefined, trusted: boolean): RequestSpan
  shutdown(): Promise<void>
}

/** A W3C `traceparent`'s parts; version 00, neither id all zeros (the specification's invalid values). */
export interface ParentContext {
  traceId: string
  spanId: string
  /** The trace flags as two hex digits; 01 is sampled. */
  flags: string
}

const TRACEPARENT = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/

export function parseTraceparent(header: string | undefined): ParentContext | undefined {
  const match = header && TRACEPARENT.exec(header.trim())
  if (!match) return undefined
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ]
  // Version ff is invalid; a later version may add fields after these four, version 00 may not.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined
  return { traceId, spanId, flags }
}

export const traceparentOf = (traceId: string, spanId: string, flags: string) => `00-${traceId}-${spanId}-${flags}`
