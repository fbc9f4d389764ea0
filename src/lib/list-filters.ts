import type { RegionalListFilters, Tag } from '../api/request'
import { parseTag } from './format'
import type { Scope } from './scope'
import { parseTypedSearch } from './typed-filters'

/**
 * A regional list's filters as they live in the URL. organization, project and region default to the scope when
 * the URL does not name them; "all" lifts the default. tag is "name=value", repeated. q is the text search, sort
 * the column ("-name" descending). Every value is in the URL, so a filtered view can be shared.
 */
export interface RegionalFilterState {
  organizationIds: string[]
  projectIds: string[]
  regionIds: string[]
  tags: Tag[]
  q: string
  sort: string | null
}

const ALL = 'all'

type ScopedKey = 'organization' | 'project' | 'region'
const SCOPE_FIELD: Record<ScopedKey, keyof Scope> = {
  organization: 'organizationId',
  project: 'projectId',
  region: 'regionId',
}

function scoped(params: URLSearchParams, key: ScopedKey, scope: Scope): string[] {
  const values = params.getAll(key).filter(Boolean)
  if (values.includes(ALL)) return []
  if (values.length) return values
  const fallback = scope[SCOPE_FIELD[key]]
  return fallback ? [fallback] : []
}

export function readRegionalFilters(params: URLSearchParams, scope: Scope): RegionalFilterState {
  return {
    organizationIds: scoped(params, 'organization', scope),
    projectIds: scoped(params, 'project', scope),
    regionIds: scoped(params, 'region', scope),
    tags: params.getAll('tag').flatMap((text) => parseTag(text) ?? []),
    q: params.get('q') ?? '',
    sort: params.get('sort'),
  }
}

/** The part of the state the API filters by; text search and sorting happen in the browser. */
export function toApiFilters(state: RegionalFilterState): RegionalListFilters {
  const filters: RegionalListFilters = {}
  if (state.organizationIds.length) filters.organizationID = state.organizationIds
  if (state.projectIds.length) filters.projectID = state.projectIds
  if (state.regionIds.length) filters.regionID = state.regionIds
  if (state.tags.length) filters.tag = state.tags
  return filters
}

/** New search params with one scoped filter set; an empty selection becomes "all" so the scope default stays off. */
export function withScopedFilter(params: URLSearchParams, key: ScopedKey, values: string[]): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(key)
  for (const value of values.length ? values : [ALL]) next.append(key, value)
  return next
}

/** A copy of the params with `key` set to the values (removed when empty or null). */
export function withParam(
  params: URLSearchParams,
  key: string,
  value: string | number | null | readonly (string | number)[],
): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(key)
  const values = value === null ? [] : Array.isArray(value) ? value : [value]
  for (const item of values) if (item !== '') next.append(key, String(item))
  return next
}

/** The words of a search, lowercased: each must be found for a match. Typed filters (`status:error`) are not words. */
export const searchWords = (query: string) => parseTypedSearch(query).words

/** What a search looks in: the texts, lowercased, as one string. */
export const searchText = (texts: (string | undefined)[]) => texts.filter(Boolean).join(' ').toLowerCase()

/** Case-insensitive match of every word of the query against any of the given texts. */
export function matchesSearch(query: string, texts: (string | undefined)[]): boolean {
  const words = searchWords(query)
  if (!words.length) return true
  const haystack = searchText(texts)
  return words.every((word) => haystack.includes(word))
}
