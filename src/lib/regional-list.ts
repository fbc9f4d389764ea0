import {
  keepPreviousData,
  useQuery,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { q, type Endpoint } from '../api/endpoint'
import type { RegionalListFilters } from '../api/request'
import { anySettling } from '../api/settling'
import { readRegionalFilters, toApiFilters, type RegionalFilterState } from './list-filters'
import { browserSideSearch } from './route-module'
import { useStoredScope, type Scope } from './scope'
import { ensureScope } from './scope-loader'
import { useScopeNames } from './use-scope-names'

/**
 * What a regional list page (networks, security groups, file storage, instances) reads from its URL and how it
 * lists: one description shared by its loader, which prefetches, and its component, which renders the same query.
 */
export interface RegionalListSource<T, F extends RegionalFilterState, K extends QueryKey = QueryKey> {
  /** The page's filters from its URL, defaulting to the stored scope. */
  read: (params: URLSearchParams, scope: Scope) => F
  /** The list query for those filters. */
  query: (filters: F) => UseQueryOptions<T[], Error, T[], K>
}

/** The source of a list the regional filters alone narrow (networks, file storage). */
export const regionalSource = <T>(list: Endpoint<RegionalListFilters, undefined, T[]>) => ({
  read: readRegionalFilters,
  query: (filters: RegionalFilterState) => q(list, toApiFilters(filters)),
})

const NONE: readonly never[] = []

/** The route module's `loader` and `shouldRevalidate` for a regional list. */
export function regionalListRoute<T, F extends RegionalFilterState, K extends QueryKey>(
  source: RegionalListSource<T, F, K>,
) {
  const loader =
    (queryClient: QueryClient) =>
    async ({ request }: LoaderFunctionArgs) => {
      const scope = await ensureScope(queryClient)
      await queryClient.ensureQueryData(source.query(source.read(new URL(request.url).searchParams, scope)))
      return null
    }
  // Search and sort live in the browser: changing them alone does not run the loader again.
  return { loader, shouldRevalidate: browserSideSearch(['q', 'sort']) }
}

/**
 * A regional list page's state: its URL filters, the list (kept on screen while new filters load, and polled while
 * anything in it is provisioning, starting or stopping) and the organization's project and region names.
 */
export function useRegionalList<T, F extends RegionalFilterState, K extends QueryKey>(
  source: RegionalListSource<T, F, K>,
) {
  const scope = useStoredScope()
  const [params, setParams] = useSearchParams()
  const filters = source.read(params, scope)
  const organizationID = filters.organizationIds[0] ?? ''
  const list = useQuery({
    ...source.query(filters),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anySettling(query.state.data) ? 1000 : false),
  })
  const names = useScopeNames(organizationID)
  // One empty array while loading, so the rows' memos do not see a new list on every render.
  const all: readonly T[] = list.data ?? NONE
  return { filters, params, setParams, organizationID, list, all, names }
}
