import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Admission, Priority, Refusal, UpstreamClock } from './admission.ts'
import { parseCookies } from './sessions.ts'
import type { TurnQueue } from './turns.ts'

type Listener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown

const BUSY = JSON.stringify({
  error: 'console_busy',
  error_description: 'The console is busy answering other requests. Ask again in a moment: it answers in turn.',
})
const BUSY_LENGTH = String(Buffer.byteLength(BUSY))

export interface ShedOptions {
  admission: Admission
  /** Where admitted reads wait for their turn of the event loop. */
  turns: TurnQueue
  /** What admission control makes of a request; undefined for what it leaves alone (app.ts). */
  priorityOf: (method: string, path: string, asked: string | undefined) => Priority | undefined
  sessionCookie: string
  /** The headers every answer carries (security.ts). */
  headers: [string, string][]
  draining: () => boolean
  refused: (priority: Priority, reason: Refusal['reason']) => void
}

const clocks = new WeakMap<IncomingMessage, UpstreamClock>()

/** The admitted request's clock of its wait on the platform, which its proxied calls keep (app.ts). */
export const upstreamClockOf = (incoming: IncomingMessage | undefined): UpstreamClock | undefined =>
  incoming && clocks.get(incoming)

/**
 * Admission control at the door: the Node listener asks it first, before a Request, a span or a log line is made for
 * the request. A refusal made further in cost about as much CPU as a small answer, and at twice the capacity the
 * refusals took the CPU the admitted pages needed, and waited behind them (the load-held bench prints both). Refusals
 * are counted (console_refused_total), not logged or traced one by one: under load they are many, and each is the
 * limit at work. An admitted request holds its place until its answer is sent or it is given up, and first waits for
 * its turn (turns.ts): a read behind the reads before it, a request never refused ahead of every read.
 */
export function shedAtTheDoor(options: ShedOptions) {
  return (incoming: IncomingMessage, outgoing: ServerResponse, listener: Listener): void => {
    const url = incoming.url ?? '/'
    const query = url.indexOf('?')
    const path = query < 0 ? url : url.slice(0, query)
    const asked = incoming.headers['x-console-priority']
    const priority = options.priorityOf(incoming.method ?? 'GET', path, typeof asked === 'string' ? asked : undefined)
    if (!priority) return void listener(incoming, outgoing)
    const session = parseCookies(incoming.headers.cookie).get(options.sessionCookie)
    const admitted = options.admission.admit(priority, session)
    if (admitted.release) {
      outgoing.once('close', admitted.release)
      clocks.set(incoming, admitted)
      // A request waits for its turn, one never refused first in line; one whose client left meanwhile is not
      // started (a write not started is not sent, and has no entry in the activity log).
      const begin = () => {
        if (outgoing.destroyed || incoming.socket?.destroyed) return
        admitted.started()
        void listener(incoming, outgoing)
      }
      return priority === 'essential'
        ? options.turns.soon(begin)
        : options.turns.later(begin, options.admission.crowded(session))
    }
    options.refused(priority, admitted.refused.reason)
    for (const [name, value] of options.headers) outgoing.setHeader(name, value)
    if (options.draining()) outgoing.setHeader('Connection', 'close')
    outgoing.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': BUSY_LENGTH,
      'Cache-Control': 'no-store',
      'Retry-After': String(admitted.refused.retryAfterSeconds),
      'X-Request-Id': randomUUID(),
    })
    outgoing.end(incoming.method === 'HEAD' ? undefined : BUSY)
    // A request body the console will not read is drained, so the connection can carry the next request.
    incoming.resume()
  }
}
