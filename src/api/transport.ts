// How the client's requests are carried: fetch on the page's thread by default (client.ts), or a transport that reads
// a successful answer's body its own way, such as in a worker that keeps a large body off the page's thread (the
// playground's embeddings, src/features/playground/answer.ts). Either way the client reads the head and error answers.

import type { Answer } from './bootstrap'

/**
 * Carries a request: sends `init` to `url` and gives back the answer, an error answer with its text, a successful one
 * with its body already read, as `read`. It gives up when init.signal fires. `fetchImpl` is the configured fetch.
 */
export type Transport<T> = (url: string, init: RequestInit, fetchImpl: typeof fetch) => Promise<Answer & { read?: T }>

/** What the client reads of an answer before its body. */
export function headOf(response: Response): Omit<Answer, 'text'> {
  return {
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get('content-type') ?? '',
    // The console's trace (W3C traceresponse: 00-{trace id}-{span id}-{flags}), in its log and the platform's.
    traceId: response.headers.get('traceresponse')?.split('-')[1],
    sessionEnded: response.headers.get('x-console-session') === 'ended',
    sessionEnd: response.headers.get('x-console-session-end') ?? undefined,
    retryAfter: response.headers.get('retry-after') ?? undefined,
  }
}

/**
 * A transport that fetches and reads a successful answer's bytes with `read`, which is also told the request's latency
 * (from sending it until its body was in, before any reading); an error answer comes back with its text.
 */
export function readingBytes<T>(read: (bytes: ArrayBuffer, latencyMs: number) => T): Transport<T> {
  return async (url, init, fetchImpl) => {
    const sent = performance.now()
    const response = await fetchImpl.call(globalThis, url, init)
    const head = headOf(response)
    if (!response.ok) return { ...head, text: await response.text() }
    const bytes = await response.arrayBuffer()
    return { ...head, text: '', read: read(bytes, performance.now() - sent) }
  }
}
