import type * as z from 'zod'
import type { Principal } from './auth.ts'
import type { Endpoint, ItemOf, Requirement } from './requirement.ts'
import type { Store } from './store/store.ts'

/** What a handler answers: a status and, unless the operation has none, a JSON body. */
export interface Reply {
  status: number
  body?: unknown
  /**
   * For a list: until when this answer stays the same while the store does not change (the first moment a listed
   * item's status moves on by itself). A reply that says so is answered from the list cache until then.
   */
  validUntil?: number
  /** Headers the operation documents beside its body (a create's `Location`, a release's `ETag`). */
  headers?: Record<string, string>
}

export interface RequestContext {
  /** The request's URL as it reached the service. */
  url: string
  params: Record<string, string>
  query: URLSearchParams
  principal: Principal
  /** One clock reading per request, so a response is consistent with itself. */
  now: number
  store: Store
  provisionMs: number
  /** A request header by name (`If-Match`), undefined when absent. */
  header(name: string): string | undefined
  /** The JSON body read as `schema` says: 415, 413 and 400 for a wrong type, an oversized, malformed or invalid body. */
  body<S extends z.ZodType>(schema: S): Promise<z.output<S>>
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One operation of a service: method, path pattern (`:name` parameters, relative to the service), what the caller
 * needs (`requirement.ts`) and handler.
 */
export interface Route {
  method: Method
  path: string
  needs: Requirement
  handler: Handler
}

export const route = (method: Method, path: string, needs: Requirement, handler: Handler): Route => ({
  method,
  path,
  needs,
  handler,
})

/**
 * A read-write resource's routes: list and create on `collection`, then read, update and delete on one item
 * (`collection/:idParam`), in that order; a resource the platform serves no single read for leaves `get` out. Each
 * needs its operation on `endpoint`, the platform's name for the resource in its roles ("region:networks:v2").
 */
export function resourceRoutes(
  collection: string,
  idParam: string,
  endpoint: Endpoint,
  /** Without `update`, the platform has none: a PUT on an item answers 405. */
  handlers: { list: Handler; create: Handler; get?: Handler; update?: Handler; delete: Handler },
  /** For a project resource: where the item a path names lives, so a project-scoped grant covers it there only. */
  itemOf?: ItemOf,
): Route[] {
  const item = `${collection}/:${idParam}`
  const on = { endpoint, ...(itemOf ? { item: itemOf } : {}) }
  return [
    route('GET', collection, { endpoint, op: 'read' }, handlers.list),
    route('POST', collection, { endpoint, op: 'create' }, handlers.create),
    ...(handlers.get ? [route('GET', item, { ...on, op: 'read' }, handlers.get)] : []),
    ...(handlers.update ? [route('PUT', item, { ...on, op: 'update' }, handlers.update)] : []),
    route('DELETE', item, { ...on, op: 'delete' }, handlers.delete),
  ]
}
