import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'

/**
 * Where the proxy sends a request: a Web-standard handler. A real service is reached over HTTP by `httpUpstream`;
 * the embedded local cloud is called in-process through its own `fetch`, with no network hop.
 */
export type Upstream = (request: Request) => Promise<Response>

/**
 * A pooled connection is dropped a second before the service's advertised keep-alive deadline (its `Keep-Alive:
 * timeout=` hint), or after 4 s idle without one, as `fetch` does. Without a `timeout` Node's agent ignores the hint
 * and keeps an idle connection until the service closes it, and a request written as it closes is reset: the sign-in's
 * token exchange with the embedded provider, some seconds after discovery, failed that way in e2e. The timeout only
 * ends idle pooled connections; a request waiting on a slow answer is not cut.
 */
const AGENT_OPTIONS = { keepAlive: true, timeout: 4000 }
const httpAgent = new HttpAgent(AGENT_OPTIONS)
let https: { request: typeof httpRequest; agent: HttpAgent } | undefined
/**
 * node:https (and TLS with it) loaded by the first https call, not at start: the embedded local cloud is called
 * in-process, and loading it held up every start's first answer (bench/console-server.bench.ts, cold start).
 */
function httpsClient() {
  if (!https) {
    const { Agent, request } = createRequire(import.meta.url)('node:https') as typeof import('node:https')
    https = { request, agent: new Agent(AGENT_OPTIONS) }
  }
  return https
}
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])
// Reads, which may be sent twice without the user seeing a different answer (a repeated delete would answer 404).
const REPEATABLE = new Set(['GET', 'HEAD', 'OPTIONS'])
// A body this large is only sent once the service has said it wants it (Expect: 100-continue). A service that
// refuses it (413) then answers before any of it is on the wire, rather than closing on a body in flight, which
// resets the connection and loses its answer. A service that ignores Expect gets the body after a second anyway.
const EXPECT_CONTINUE_BYTES = 64 * 1024
const CONTINUE_WAIT_MS = 1000
const MAX_DROPPED_BYTES = 64 * 1024 * 1024

/**
 * Calls an HTTP(S) service with Node's own client rather than `fetch`: `fetch` would decompress what the service
 * compressed, where the proxy wants to pass compressed bytes through as they came. The request's signal aborts the
 * call, headers or body, whichever is under way. `hostHeader` overrides Host (for the loopback call to the
 * embedded cloud, which accepts only the console's own hosts).
 */
export function httpUpstream(hostHeader?: string): Upstream {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(request.url)
      const client = url.protocol === 'https:' ? httpsClient() : { request: httpRequest, agent: httpAgent }
      const headers: Record<string, string> = {}
      request.headers.forEach((value, name) => (headers[name] = value))
      if (hostHeader) headers.host = hostHeader
      const send = (again: boolean): void => {
        let answered = false
        const outgoing = client.request(url, {
          method: request.method,
          headers,
          agent: client.agent,
          signal: request.signal,
        })
        outgoing.on('response', (incoming: IncomingMessage) => {
          answered = true
          const status = incoming.statusCode ?? 502
          const responseHeaders = new Headers()
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item)
            else if (value !== undefined) responseHeaders.set(name, value)
          }
          const bodiless = NULL_BODY_STATUSES.has(status) || request.method === 'HEAD'
          if (bodiless) incoming.resume()
          const body = bodiless ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>)
          resolve(new Response(body, { status, headers: responseHeaders }))
        })
        // An error once the answer's headers are in (the service closing after an early 413, say) is the body's
        // business: a complete answer is unaffected, an incomplete one errors its stream.
        outgoing.on('error', (error) => {
          if (answered) return
          // A pooled connection the service closed just as this request went out on it: a read is sent once more, on a
          // new connection, as browsers do. The agent's idle timeout makes this rare, not impossible (a busy event
          // loop runs both deadlines' timers in one turn).
          if (
            !again &&
            !request.body &&
            outgoing.reusedSocket &&
            REPEATABLE.has(request.method) &&
            (error as NodeJS.ErrnoException).code === 'ECONNRESET'
          )
            return send(true)
          reject(error)
        })
        if (!request.body) {
          outgoing.end()
          return
        }
        const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream).on('error', (error) =>
          outgoing.destroy(error),
        )
        let sending = false
        const sendBody = () => {
          if (sending || answered) return
          sending = true
          body.pipe(outgoing)
        }
        // Answered before the body was all sent: stop sending, and drop this connection once the answer is read (it is
        // mid-request and cannot carry another). The rest of the body is still read and dropped, up to a bound, so the
        // browser's own keep-alive connection stays usable.
        outgoing.on('response', (incoming: IncomingMessage) => {
          if (outgoing.writableFinished) return
          body.unpipe(outgoing)
          incoming.once('end', () => outgoing.destroy())
          let dropped = 0
          body.on('data', (chunk: Buffer) => {
            dropped += chunk.length
            if (dropped > MAX_DROPPED_BYTES) body.destroy()
          })
          body.resume()
        })
        const length = Number(headers['content-length'] ?? Infinity)
        if (length <= EXPECT_CONTINUE_BYTES) return sendBody()
        outgoing.setHeader('expect', '100-continue')
        outgoing.on('continue', sendBody)
        outgoing.flushHeaders()
        setTimeout(sendBody, CONTINUE_WAIT_MS).unref()
      }
      send(false)
    })
}
