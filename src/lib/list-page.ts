import {
  keepPreviousData,
  useQueries,
  useQuery,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { q, type Endpoint } from '../api/endpoint'
import { isNotOffered } from '../api/errors'
import type { RegionalListFilters } from '../api/request'
import { anySettling } from '../api/settling'
import { readRegionalFilters, toApiFilters, withParam, type RegionalFilterState } from './list-filters'
import type { Resource } from './resources'
import { browserSideSearch, type RouteHandle } from './route-module'
import { useStoredScope, type Scope } from './scope'
import { ensureScope } from './scope-loader'
import { useUrlParams } from './url-params'
import { useNamesOf, useScopeNames } from './use-scope-names'

/** What every list page reads from its URL: the organization (the scope's), the search and the sort. */
interface ListFilters {
  organizationIds: string[]
  q: string
  sort: string | null
}

type Named = { metadata: { id: string; name: string } }
type OrganizationList<T> = Endpoint<{ organizationID: string }, undefined, T[]>

/**
 * What a list page lists and how it reads its URL: one description shared by its loader, which prefetches, and its
 * component, which renders the same query. Build one with `regionalList` or `organizationList`.
 */
export interface ListSource<T, F extends ListFilters, K extends QueryKey = QueryKey, N extends Named = Named> {
  /** What the page lists: its words, its create form and the permission that form asks. */
  resource: Resource
  /** What the search box says it matches, in the user's words. */
  searchPlaceholder: string
  /** The page's filters from its URL, defaulting to the stored scope. */
  read: (params: URLSearchParams, scope: Scope) => F
  /** The list query for those filters. */
  query: (filters: F) => UseQueryOptions<T[], Error, T[], K>
  /**
   * The regional option: the URL's projects, regions and tags, which the platform filters by. The page then shows
   * them in its filter bar, keeps the last rows on screen while new filters load, and names projects and regions.
   */
  regional?: (filters: F) => RegionalFilterState
  /** The resources provision asynchronously: the list polls until every one has settled. */
  settles: boolean
  /** The organization's list whose names the rows show by id (a user's groups, a group's roles). */
  names?: OrganizationList<N>
  /** False when ensureScope has loaded the list already (projects: the scope switcher reads the same list). */
  loadList?: boolean
}

/**
 * A regional list (networks, security groups, file storage, instances): the URL's project, region and tag filters
 * go to the platform. `filters` are `regionalFilters(endpoint)`, or the page's own where it adds some.
 */
export function regionalList<T, F extends RegionalFilterState, K extends QueryKey>(
  resource: Resource,
  searchPlaceholder: string,
  filters: Pick<ListSource<T, F, K>, 'read' | 'query'>,
): ListSource<T, F, K> {
  // A resource of a project alone (an SSH certificate authority) is in no region: the scope's region filters none.
  const read =
    resource.api?.lives === 'project'
      ? (params: URLSearchParams, scope: Scope) => ({ ...filters.read(params, scope), regionIds: [] })
      : filters.read
  return { resource, searchPlaceholder, ...filters, read, regional: (state) => state, settles: true }
}

/** The filters of a regional list that the regional filters alone narrow (networks, file storage). */
export const regionalFilters = <T>(list: Endpoint<RegionalListFilters, undefined, T[]>) => ({
  read: readRegionalFilters,
  query: (state: RegionalFilterState) => q(list, toApiFilters(state)),
})

/** An organization's whole list (users, service accounts, projects, groups), searched and filtered in the browser. */
export function organizationList<T, N extends Named>(
  resource: Resource,
  searchPlaceholder: string,
  list: OrganizationList<T>,
  options: Pick<ListSource<T, ListFilters, QueryKey, N>, 'names' | 'loadList'> & { settles?: boolean } = {},
) {
  return listSource({
    resource,
    searchPlaceholder,
    read: (params, scope) => ({
      organizationIds: scope.organizationId ? [scope.organizationId] : [],
      q: params.get('q') ?? '',
      sort: params.get('sort'),
    }),
    query: ({ organizationIds: [organizationID = ''] }: ListFilters) => ({
      ...q(list, { organizationID }),
      enabled: Boolean(organizationID),
    }),
    ...options,
    settles: options.settles ?? false,
  })
}

// Infers the query key's type from `query`.
const listSource = <T, F extends ListFilters, K extends QueryKey, N extends Named>(source: ListSource<T, F, K, N>) =>
  source

/**
 * The route module's `loader`, `shouldRevalidate` and `handle` for a list page, and its `organizationQuery`, which the
 * palette searches: a list module exports all four (`export const { loader, shouldRevalidate, organizationQuery,
 * handle } = listRoute(source)`).
 */
export function listRoute<T, F extends ListFilters, K extends QueryKey, N extends Named>(
  source: ListSource<T, F, K, N>,
) {
  const loader =
    (queryClient: QueryClient) =>
    async ({ request }: LoaderFunctionArgs) => {
      const filters = source.read(new URL(request.url).searchParams, await ensureScope(queryClient))
      const organizationID = filters.organizationIds[0]
      // An organization's list needs one; a regional list without one lists all the caller may see.
      if (!organizationID && !source.regional) return null
      if (source.loadList !== false)
        // A platform without an organization's list still opens the page, which says so. Every platform lists the
        // regional resources: a 404 there means the service's URL setting is wrong, which the route's error page names.
        await queryClient.ensureQueryData(source.query(filters)).catch((error: unknown) => {
          if (source.regional || !isNotOffered(error)) throw error
        })
      if (source.names && organizationID) void queryClient.prefetchQuery(q(source.names, { organizationID }))
      return null
    }
  // Search and sort live in the browser: changing them alone does not run the loader again. An organization's list is
  // filtered in the browser by every other parameter too.
  const shouldRevalidate = browserSideSearch(source.regional && ['q', 'sort'])
  // The list across the organization, as its page asks for it with no filter in the URL and no project or region
  // chosen: what the command palette searches (it finds this module by the row), in the page's cache entry.
  const organizationQuery = (organizationID: string) =>
    source.query(source.read(new URLSearchParams(), { organizationId: organizationID }))
  const handle: RouteHandle | undefined = source.regional && { scopeInUrl: true }
  return { loader, shouldRevalidate, organizationQuery, handle }
}

const NONE: readonly never[] = []

/**
 * A list page's state: its URL filters, the list (polled while anything in it is provisioning, starting or stopping,
 * where the resource settles) and the names its rows show by id.
 */
export function useList<T, F extends ListFilters, K extends QueryKey, N extends Named>(source: ListSource<T, F, K, N>) {
  const scope = useStoredScope()
  const [params, setParams] = useUrlParams()
  const filters = source.read(params, scope)
  const organizationID = filters.organizationIds[0] ?? ''
  const list = useQuery({
    ...source.query(filters),
    // A regional list keeps its rows on screen, dimmed, while new project and region filters load.
    placeholderData: source.regional && keepPreviousData,
    refetchInterval: (query) => (source.settles && anySettling(query.state.data) ? 1000 : false),
  })
  // The project and region names only a regional list shows; an organization list asks for none.
  const names = useScopeNames(source.regional ? organizationID : '')
  const nameList = useQueries({
    queries: [source.names].flatMap((names) => (names && organizationID ? [q(names, { organizationID })] : [])),
    combine: (results) => results[0]?.data,
  })
  const nameById = useNamesOf(nameList)
  // One empty array while loading, so the rows' memos do not see a new list on every render.
  const all: readonly T[] = list.data ?? NONE
  const setParam = (key: string, values: string[]) =>
    setParams((newest) => withParam(newest, key, values), { replace: true })
  return {
    resource: source.resource,
    searchPlaceholder: source.searchPlaceholder,
    regional: source.regional?.(filters),
    filters,
    params,
    setParams,
    setParam,
    organizationID,
    list,
    all,
    names,
    nameById,
  }
}
