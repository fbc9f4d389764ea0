import type { Principal } from './auth.ts'
import type { Reply, RequestContext } from './context.ts'
import { CloudError, invalidRequest } from './errors.ts'
import type { Tag } from './validate.ts'

export type FilterName = 'organizationID' | 'projectID' | 'regionID' | 'networkID' | 'clusterID' | 'reservationID'

interface ListFilters {
  tags: Tag[]
  values: Partial<Record<FilterName, Set<string>>>
}

export interface Filterable {
  organizationId: string
  projectId: string
  /** Absent for a resource of a project alone (an SSH certificate authority). */
  regionId?: string
  networkId?: string
  /** A node pool's cluster. */
  clusterId?: string
  /** A placement's reservation. */
  reservationId?: string
  meta: { tags?: Tag[] }
}

/** Reads the list filters a list operation accepts: `tag` (name=value) and the given id filters, each repeatable. */
function readListFilters(query: URLSearchParams, names: readonly FilterName[], tagsAllowed = true): ListFilters {
  const tags = tagsAllowed
    ? query.getAll('tag').map((raw) => {
        const eq = raw.indexOf('=')
        // The platform splits a tag on every '=': more than one does not decode.
        if (eq > 0 && raw.indexOf('=', eq + 1) >= 0) throw new CloudError('invalid_request', 'tag decode failed')
        if (eq <= 0)
          throw new CloudError(
            'invalid_request',
            'parameter "tag" in query has an error: must be of the form name=value',
          )
        return { name: raw.slice(0, eq), value: raw.slice(eq + 1) }
      })
    : []
  const values: ListFilters['values'] = {}
  for (const name of names) {
    const given = query.getAll(name)
    if (given.length > 0) values[name] = new Set(given)
  }
  return { tags, values }
}

const FIELD: Record<FilterName, keyof Filterable> = {
  organizationID: 'organizationId',
  projectID: 'projectId',
  regionID: 'regionId',
  networkID: 'networkId',
  clusterID: 'clusterId',
  reservationID: 'reservationId',
}

/**
 * Several values of one filter are OR'd, different filters AND'd, and every tag must match.
 * Only the principal's own organization is ever visible, so a filter naming another one yields nothing.
 */
function matchesFilters(item: Filterable, filters: ListFilters, principal: Principal): boolean {
  if (item.organizationId !== principal.organizationId) return false
  for (const [name, allowed] of Object.entries(filters.values) as [FilterName, Set<string>][]) {
    const value = item[FIELD[name]]
    if (typeof value !== 'string' || !allowed.has(value)) return false
  }
  for (const tag of filters.tags) {
    if (!item.meta.tags?.some((t) => t.name === tag.name && t.value === tag.value)) return false
  }
  return true
}

/**
 * A list field the documents make optional, as the platform's servers write one: an empty one is `null` (a pointer to
 * an empty Go slice), never `[]`.
 */
export function orNull<T>(list: readonly T[] | undefined): readonly T[] | null {
  return list?.length ? list : null
}

/** A list answer: each item's read shape, valid until the first of them changes by itself. */
export function listReply<T>(
  items: Iterable<T>,
  view: (item: T) => unknown,
  changesAt: (item: T) => number = () => Number.POSITIVE_INFINITY,
): Reply {
  const body: unknown[] = []
  let validUntil = Number.POSITIVE_INFINITY
  for (const item of items) {
    body.push(view(item))
    validUntil = Math.min(validUntil, changesAt(item))
  }
  return { status: 200, body, validUntil }
}

/**
 * A regional list with its filters. When the organization filter names no organization the caller may see, the
 * platform's region service answers `null` rather than an empty list, and its compute service a 500
 * (`foreignOrganization: 'server_error'`); so does the local cloud.
 */
export function filteredListReply<T extends Filterable>(
  ctx: RequestContext,
  items: Iterable<T>,
  names: readonly FilterName[],
  view: (item: T) => unknown,
  changesAt: (item: T) => number,
  foreignOrganization: 'null' | 'server_error' = 'null',
): Reply {
  const filters = readListFilters(ctx.query, names)
  const organizations = filters.values.organizationID
  if (organizations && !organizations.has(ctx.principal.organizationId)) {
    if (foreignOrganization === 'server_error')
      throw new CloudError('server_error', 'failed to list instances: the organization is not accessible')
    return { status: 200, body: null, validUntil: Number.POSITIVE_INFINITY }
  }
  const matching = function* () {
    for (const item of items) if (matchesFilters(item, filters, ctx.principal)) yield item
  }
  return listReply(matching(), view, changesAt)
}

// The values the platform's request validator takes for a boolean: Go's strconv.ParseBool, which kin-openapi calls.
const GO_BOOLEANS = new Map([
  ...['1', 't', 'T', 'TRUE', 'true', 'True'].map((v) => [v, true] as const),
  ...['0', 'f', 'F', 'FALSE', 'false', 'False'].map((v) => [v, false] as const),
])

/** A boolean query parameter as the platform reads it; undefined when absent or empty, and 400 for anything else. */
export function booleanQuery(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name)
  if (value === null || value === '') return undefined
  const parsed = GO_BOOLEANS.get(value)
  if (parsed === undefined) throw invalidRequest(`parameter "${name}" in query has an error: value must be a boolean`)
  return parsed
}
