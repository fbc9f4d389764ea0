import type { IncomingMessage } from 'node:http'
import type { Principal } from './auth.ts'
import type { Store } from './store/store.ts'

/** What a handler answers: a status and, unless the operation has none, a JSON body. */
export interface Reply {
  status: number
  body?: unknown
  /** An already serialized JSON body, used instead of `body` (large lists). */
  json?: Buffer
}

export interface RequestContext {
  req: IncomingMessage
  params: Record<string, string>
  query: URLSearchParams
  principal: Principal
  /** One clock reading per request, so a response is consistent with itself. */
  now: number
  store: Store
  provisionMs: number
  /** The JSON body (415, 413 and 400 on a wrong type, an oversized or a malformed body). */
  body(): Promise<unknown>
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>
