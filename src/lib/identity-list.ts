import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { q, type Endpoint } from '../api/endpoint'
import { isNotOffered } from '../api/errors'
import { anySettling } from '../api/settling'
import { matchesSearch, withParam } from './list-filters'
import { browserSideSearch } from './route-module'
import { useStoredScope } from './scope'
import { ensureScope } from './scope-loader'
import type { Resource } from './resources'
import { parseSort, sortBy, type SortState } from './sort'
import { useNames } from './use-scope-names'

type Named = { metadata: { id: string; name: string } }
type OrganizationList<T> = Endpoint<{ organizationID: string }, undefined, T[]>

/**
 * What an identity list page (users, service accounts, projects, groups) lists, how it searches and sorts, and the
 * organization's other list whose names its rows show (groups, or roles): one description for loader and component.
 */
export interface IdentityListSource<T, N extends Named> {
  /** What the page lists: its words, its create form (groups have none) and the permission that form asks. */
  resource: Resource
  list: OrganizationList<T>
  /** The list whose names the rows show by id (a user's groups, a group's roles); prefetched by the loader. */
  names: OrganizationList<N>
  /** False when ensureScope has loaded the list already (projects: the scope switcher reads the same list). */
  loadList?: boolean
  sortable: readonly string[]
  /** Where the rows start when the URL names no sort; by name unless the list has none (users: by address). */
  defaultSort?: SortState
  sortValue: (row: T, key: string) => string | number | undefined
  /** What the search box says it matches: the texts of searchText, in the user's words. */
  searchPlaceholder: string
  /** The texts the search matches in a row; nameOf reads an id of `names` as its name. */
  searchText: (row: T, nameOf: (id: string) => string) => (string | undefined)[]
  /** The resources provision asynchronously (projects): the list polls until every one has settled. */
  settles?: boolean
}

/** The list page of `resource`, described once for its loader and component; its types come from the endpoints. */
export function identityList<T, N extends Named>(
  resource: Resource,
  source: Omit<IdentityListSource<T, N>, 'resource'>,
): IdentityListSource<T, N> {
  return { resource, ...source }
}

/** The route module's `loader` and `shouldRevalidate`: the list (a platform without one shows why) and the names. */
export function identityListRoute<T, N extends Named>(source: IdentityListSource<T, N>) {
  const loader = (queryClient: QueryClient) => async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (!organizationId) return null
    const organizationID = organizationId
    if (source.loadList !== false)
      await queryClient.ensureQueryData(q(source.list, { organizationID })).catch((error: unknown) => {
        if (!isNotOffered(error)) throw error
      })
    void queryClient.prefetchQuery(q(source.names, { organizationID }))
    return null
  }
  // Search, filters and sort live in the URL but are applied in the browser: no need to load again.
  return { loader, shouldRevalidate: browserSideSearch() }
}

/**
 * An identity list page's state: the organization's list, its search and sort from the URL, and the rows they leave.
 * `keep` is the page's own filter (a user's state, an account's expiry), applied beside the search.
 */
export function useIdentityList<T, N extends Named>(source: IdentityListSource<T, N>, keep?: (row: T) => boolean) {
  const organizationID = useStoredScope().organizationId ?? ''
  const [params, setParams] = useSearchParams()
  const enabled = Boolean(organizationID)
  const list = useQuery({
    ...q(source.list, { organizationID }),
    enabled,
    refetchInterval: (query) => (source.settles && anySettling(query.state.data) ? 1000 : false),
  })
  const names = useQuery({ ...q(source.names, { organizationID }), enabled })

  const searchText = params.get('q') ?? ''
  const sort = parseSort(params.get('sort'), source.sortable, source.defaultSort)
  const query = useDeferredValue(searchText)
  const nameById = useNames(names.data)
  const all = useMemo(() => list.data ?? [], [list.data])
  const rows = useMemo(() => {
    const nameOf = (id: string) => nameById.get(id) ?? id
    const matched = all.filter((row) => (keep?.(row) ?? true) && matchesSearch(query, source.searchText(row, nameOf)))
    return sortBy(matched, (row) => source.sortValue(row, sort.key), sort.direction)
  }, [all, keep, query, nameById, sort.key, sort.direction, source])
  const setParam = (key: string, values: string[]) => setParams(withParam(params, key, values), { replace: true })
  const { resource, searchPlaceholder } = source
  return {
    resource,
    searchPlaceholder,
    organizationID,
    params,
    setParams,
    setParam,
    searchText,
    sort,
    list,
    all,
    rows,
    nameById,
  }
}
