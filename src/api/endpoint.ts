// The endpoint table's machinery. Each operation is declared once, as data: its service, method, path (and query), the
// write schema its body goes out through, the read schema its answer comes back through, and for writes the cache
// effects it has. Everything else is derived from that one declaration:
//   - request(vars): the ApiRequest, which the client sends and the "exact request" preview shows;
//   - call(vars): the request sent and its answer read;
//   - q(endpoint, params): the query options, keyed [resource, op, params] (generic to specific);
//   - m(endpoint): the mutation options, with the declared cache effects.

import { mutationOptions, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { z } from 'zod/mini'
import type { ResourceName } from '../lib/resources'
import { sendJson, sendNoContent, type AnswerReader, type CallOptions } from './client'
import { ApiError, outcomeUnknown } from './errors'
import type { ApiRequest, HttpMethod, QueryParams, Service } from './request'
import { listReader } from './schemas/common'
import { relatedFamilies } from './uses'
import { knownFields } from './wire'

/**
 * The cache families: every resource the console lists (its row in `lib/resources.ts`), and the catalogs and
 * documents that have no row. Keys go [resource] ⊃ [resource, 'list'] ⊃ [resource, 'list', params]; details likewise.
 */
type Resource =
  | ResourceName
  | 'images'
  | 'regions'
  | 'storageClasses'
  | 'objectStorageEndpointClasses'
  | 'objectStorageAccessKeys'
  | 'organizations'
  | 'roles'
  | 'models'
  | 'quotas'
  | 'acl'
  | 'versions'
  | 'platformReleases'

/** A key prefix a write invalidates: every query of a resource, or all its lists, or all its details. */
export type Family = readonly [Resource] | readonly [Resource, 'list' | 'detail']

/** A mutation's input: the path parameters, and the body when the operation takes one. */
export type Vars<P, B> = [B] extends [undefined] ? P : P & { body: B }

type NoParams = Record<never, never>

interface CacheEffects<P, B, R> {
  /** The answer is the saved resource: put it in the cache as the detail with these params. */
  seed?: (saved: R, vars: Vars<P, B>) => Record<string, string>
  /** What the seeded detail keeps of the one the page showed before the answer (`seed` with it). */
  keep?: (saved: R, shown: R) => R
  /**
   * An accepted write answered without a body (202) whose outcome the platform defines: the detail with these params,
   * changed at once by `update`, rather than refetched. A refetch would race a passing state that may last less than
   * its round trip; the page's poll follows the platform from there.
   */
  accepted?: (vars: Vars<P, B>) => { params: Record<string, string>; update: (detail: unknown) => unknown }
  /**
   * Key prefixes refreshed once the platform accepted (and after a create whose answer was lost). The resources a
   * write's kind uses, or that use it, are refreshed too, from the rows' `usedBy` (`uses.ts`): never listed here.
   */
  invalidates: readonly Family[] | ((vars: Vars<P, B>) => readonly QueryKey[])
}

interface EndpointSpec<P, B, R> {
  resource: Resource
  /** 'list' and 'detail' for reads (the cache key's second part); the mutation's name for writes. */
  op: string
  service: Service
  method: HttpMethod
  path: (params: P) => string
  query?: (params: P) => QueryParams
  /** Request headers of its own, from its params (a precondition's `If-Match`). */
  headers?: (params: P) => Record<string, string>
  /** The body goes out with the fields this schema does not know dropped. */
  write?: z.ZodMiniType<unknown, B>
  /** The body in wire spelling, after the write schema (e.g. a rule's `prefix` beside the spec's `cidr`). */
  wire?: (body: B) => unknown
  /**
   * Body fields that are secrets (`'spec.clientSecret'`), written and never echoed: declared here once, they are hidden
   * in the request preview (`describeRequest`), the console server's log lines and its activity log.
   */
  sensitive?: readonly string[]
  /** Reads the answer; without it the answer's body is ignored (202 and 204 answers). */
  read?: AnswerReader<R>
  /** Reads: how long an answer counts as fresh. */
  staleTime?: number
  /** Writes: what changes in the cache once the platform accepted. */
  effects?: CacheEffects<P, B, R>
}

export interface Endpoint<P, B, R> {
  readonly spec: EndpointSpec<P, B, R>
  request(vars: Vars<P, B>): ApiRequest
  call(vars: Vars<P, B>, options?: CallOptions): Promise<R>
}

export function endpoint<P extends object = NoParams, B = undefined, R = void>(
  spec: EndpointSpec<P, B, R>,
): Endpoint<P, B, R> {
  const request = (vars: Vars<P, B>): ApiRequest => {
    const params = vars as P
    const sent: ApiRequest = { service: spec.service, method: spec.method, path: spec.path(params) }
    if (spec.query) sent.query = spec.query(params)
    if (spec.headers) sent.headers = spec.headers(params)
    if (spec.write) {
      const body = (vars as { body: B }).body
      const known = knownFields(spec.write, body as z.input<typeof spec.write>) as B
      sent.body = spec.wire ? spec.wire(known) : known
      if (spec.sensitive) sent.sensitive = spec.sensitive
    }
    return sent
  }
  return {
    spec,
    request,
    call: (vars, options) =>
      spec.read ? sendJson(request(vars), spec.read, options) : (sendNoContent(request(vars), options) as Promise<R>),
  }
}

/**
 * A resource's list: a GET whose answer is an array of `item` (null read as none). The op and method every list
 * shares are said here once.
 */
export function listEndpoint<P extends object, S extends z.core.$ZodType>(
  spec: Omit<EndpointSpec<P, undefined, z.output<S>[]>, 'op' | 'method' | 'read'> & { item: S },
): Endpoint<P, undefined, z.output<S>[]> {
  const { item, ...rest } = spec
  return endpoint<P, undefined, z.output<S>[]>({ ...rest, op: 'list', method: 'GET', read: listReader(item) })
}

/**
 * A detail the platform does not serve (users, service accounts, projects, groups): picked from the organization's
 * list. The list may predate a create a moment ago, so a miss asks once more; an id the list does not hold is a 404.
 */
interface SelectedEndpoint<P, L, R> {
  readonly resource: Resource
  readonly list: Endpoint<L, undefined, R[]>
  readonly listParams: (params: P) => L
  readonly id: (params: P) => string
  /** What the 404 says, e.g. "There is no user u-1 in this organization." */
  readonly missing: (params: P) => string
}

export function selectedFromList<P, L, R extends { metadata: { id: string } }>(
  spec: SelectedEndpoint<P, L, R>,
): SelectedEndpoint<P, L, R> {
  return spec
}

async function selectFrom<P, L, R extends { metadata: { id: string } }>(
  selected: SelectedEndpoint<P, L, R>,
  params: P,
  client: QueryClient,
  refetch: boolean,
): Promise<R> {
  const listQuery = endpointQuery(selected.list, selected.listParams(params))
  const id = selected.id(params)
  // A first read answers from the cached list while it is fresh, so opening an item from its list asks nothing. A
  // refetch (a poll while the item settles, a focus) must ask the platform: answered from a list that stays fresh for
  // the client's 10 s, a new project showed as provisioning for up to 10 s after it was ready. fetchQuery joins a
  // list refetch already in flight either way.
  const found = (await client.fetchQuery(refetch ? { ...listQuery, staleTime: 0 } : listQuery)).find(
    (item) => item.metadata.id === id,
  )
  if (found) return found
  if (!refetch) {
    const again = (await client.fetchQuery({ ...listQuery, staleTime: 0 })).find((item) => item.metadata.id === id)
    if (again) return again
  }
  const { service, path } = selected.list.request(selected.listParams(params) as Vars<L, undefined>)
  throw new ApiError({
    service,
    method: 'GET',
    path: `${path}/${encodeURIComponent(id)}`,
    status: 404,
    code: 'not_found',
    message: selected.missing(params),
    bodyKind: 'platform',
  })
}

function endpointQuery<P, R>(read: Endpoint<P, undefined, R>, params: P) {
  const { staleTime } = read.spec
  return queryOptions({
    queryKey: [read.spec.resource, read.spec.op, params] as const,
    // A refetch of what the page already shows waits behind a page's own reads at a busy console server.
    queryFn: ({ signal, client, queryKey }) =>
      read.call(params as Vars<P, undefined>, { signal, background: client.getQueryData(queryKey) !== undefined }),
    // Spread only when set: an explicit undefined would override the client's default.
    ...(staleTime === undefined ? {} : { staleTime }),
  })
}

function selectedQuery<P, L, R extends { metadata: { id: string } }>(read: SelectedEndpoint<P, L, R>, params: P) {
  return queryOptions({
    queryKey: [read.resource, 'detail', params] as const,
    queryFn: ({ client, queryKey }) => selectFrom(read, params, client, client.getQueryData(queryKey) !== undefined),
  })
}

/** Query options for a read, in the spirit of Oxide's `q(api.endpoint, params)`. */
export function q<P, R>(read: Endpoint<P, undefined, R>, params: P): ReturnType<typeof endpointQuery<P, R>>
export function q<P, L, R extends { metadata: { id: string } }>(
  read: SelectedEndpoint<P, L, R>,
  params: P,
): ReturnType<typeof selectedQuery<P, L, R>>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
export function q(read: any, params: unknown) {
  return 'spec' in read ? endpointQuery(read, params) : selectedQuery(read, params)
}

function invalidated<P, B, R>(spec: EndpointSpec<P, B, R>, vars: Vars<P, B>): readonly QueryKey[] {
  const own = spec.effects?.invalidates ?? []
  return [...(typeof own === 'function' ? own(vars) : own), ...relatedFamilies(spec.resource, spec.op)]
}

/** Mutation options for a write, its cache effects included: call sites add only their UI effects. */
export function m<P, B, R>(write: Endpoint<P, B, R>) {
  const { resource, op, effects } = write.spec
  return mutationOptions<R, Error, Vars<P, B>>({
    mutationKey: [resource, op],
    mutationFn: (vars) => write.call(vars),
    // A settling detail polls every second: a poll sent while the delete is in flight reaches the platform after it
    // and gets a 404. Its polls are held (marked stale without a refetch, which pollWhileSettling reads) and one in
    // flight is cancelled before the delete is sent; a refused delete lets them go on.
    onMutate: async (_vars, { client }) => {
      if (op !== 'delete') return
      await client.cancelQueries({ queryKey: [resource, 'detail'] })
      await client.invalidateQueries({ queryKey: [resource, 'detail'], refetchType: 'none' })
    },
    onError: async (error, vars, _result, { client }) => {
      if (op === 'delete') await client.invalidateQueries({ queryKey: [resource, 'detail'] })
      // A refused power action most often means the state changed under the user: the page shows the new one.
      if (op === 'power') void client.invalidateQueries({ queryKey: [resource] })
      // The create may have happened: its lists are fetched again, watched or not, so they show it if it did. Not
      // awaited: the service that just failed may take its whole timeout to answer, and the form says so meanwhile.
      if (op === 'create' && outcomeUnknown(error))
        for (const queryKey of invalidated(write.spec, vars))
          void client.invalidateQueries({ queryKey, refetchType: 'all' })
    },
    onSuccess: async (saved, vars, _result, { client }) => {
      if (effects?.seed) {
        const { keep } = effects
        client.setQueryData([resource, 'detail', effects.seed(saved, vars)], (shown: R | undefined) =>
          keep && shown ? keep(saved, shown) : saved,
        )
      }
      if (effects?.accepted) {
        const { params, update } = effects.accepted(vars)
        client.setQueryData([resource, 'detail', params], (detail: unknown) => detail && update(detail))
      }
      const keys = invalidated(write.spec, vars)
      // A deleted resource's details are marked stale but not asked for again: the page still showing one would only
      // get a 404 for it before it leaves.
      const deletedDetail = (key: readonly unknown[]) => op === 'delete' && key[0] === resource && key[1] === 'detail'
      await Promise.all(
        keys.map((queryKey) =>
          client.invalidateQueries({ queryKey, predicate: (query) => !deletedDetail(query.queryKey) }),
        ),
      )
      if (op === 'delete') await client.invalidateQueries({ queryKey: [resource, 'detail'], refetchType: 'none' })
    },
  })
}
