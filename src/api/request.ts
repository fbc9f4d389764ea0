// A request described as data: which upstream service, method, upstream path, query and body. The same value is sent
// by the client (through the console server's proxy) and shown in the "exact request" preview, so both always agree.

import { resources, type Resource } from '../lib/resources'
import type { Service, Target } from './services'

export type { Service, Target }

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Query values; arrays are repeated keys (`regionID=a&regionID=b`). Undefined values are left out. */
export type QueryParams = Record<string, string | readonly string[] | undefined>

export interface ApiRequest<T extends Target = Service> {
  service: T
  method: HttpMethod
  /**
   * Path on the upstream service, e.g. `/api/v2/networks/abc` (sent as `/api/{service}{path}`), or for 'console' the
   * console server's own path, e.g. `/console/session`. Path parameters are already encoded.
   */
  path: string
  query?: QueryParams
  /** The JSON body exactly as it is sent (already in wire shape). */
  body?: unknown
  /** Paths in the body of secrets the preview never shows (the endpoint's `sensitive`); the body itself keeps them. */
  sensitive?: readonly string[]
  /** Request headers of the operation's own (a release's `If-Match`). */
  headers?: Readonly<Record<string, string>>
}

export interface Tag {
  name: string
  value: string
}

/** The list filters of the regional API. Every value is repeatable; the spec encodes a tag as `name=value`. */
export interface RegionalListFilters {
  tag?: readonly Tag[]
  organizationID?: readonly string[]
  projectID?: readonly string[]
  regionID?: readonly string[]
  networkID?: readonly string[]
}

export function filtersToQuery(filters: RegionalListFilters): QueryParams {
  return {
    tag: filters.tag?.map((t) => `${t.name}=${t.value}`),
    organizationID: filters.organizationID,
    projectID: filters.projectID,
    regionID: filters.regionID,
    networkID: filters.networkID,
  }
}

/**
 * `?a=1&b=x&b=y`, or '' when nothing is set. Encoded with encodeURIComponent, so `=` inside a tag becomes %3D and a
 * space %20 (not '+', which some servers read literally).
 */
export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return ''
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    const values = typeof value === 'string' ? [value] : value
    for (const v of values) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(v)}`)
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The console server's path and query for a request: its proxy's for a service, its own route for 'console'. */
export function consolePath(request: ApiRequest<Target>): string {
  const prefix = request.service === 'console' ? '' : `/api/${request.service}`
  return `${prefix}${request.path}${buildQueryString(request.query)}`
}

/** Encodes one path parameter. */
export function seg(value: string): string {
  return encodeURIComponent(value)
}

/**
 * The last path segment of every collection (list/create) path the console calls: each row's collection
 * (`Resource.api`), and the catalogs and documents that have no row. Used to tell a collection path, where a 404 means
 * the backend does not offer the operation, from an item path, where it means the item is gone.
 */
const COLLECTION_SEGMENTS = new Set([
  ...Object.values(resources as Record<string, Resource>).flatMap(({ api }) =>
    api ? [api.collection.split('/').pop()!] : [],
  ),
  'filestorageclasses',
  'objectstorageendpointclasses',
  'accesskeys',
  'flavors',
  'regions',
  'images',
  'organizations',
  'roles',
  'endpoints',
  'embeddings',
  'quotas',
  'platformreleases',
  'reservation-units',
  'servers',
])

export function isCollectionPath(path: string): boolean {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop()
  return last !== undefined && COLLECTION_SEGMENTS.has(last)
}
