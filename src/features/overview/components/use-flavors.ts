import { useQueries, useQuery } from '@tanstack/react-query'
import type { Flavor } from '../../../api/schemas/regional'
import { overviewQueries } from '../overview-queries'

/**
 * Every region's flavors by id, once every region has answered (a region that failed leaves its flavors named by
 * id): until then undefined, which the query observer sees as unchanged, so a panel renders once when the last
 * region answers rather than once per region, with ids that turn into names.
 */
const combineFlavors = (results: { data?: Flavor[]; isPending: boolean }[]) =>
  results.some((result) => result.isPending)
    ? undefined
    : new Map(results.flatMap((result) => result.data ?? []).map((f) => [f.metadata.id, f]))

/** The organization's regions and the flavors of each, as the panels that place instances by size read them. */
export function useRegionsAndFlavors(organizationID: string, enabled: boolean) {
  const regions = useQuery({ ...overviewQueries.regions(organizationID), enabled })
  const flavors = useQueries({
    queries: (regions.data ?? []).map((r) => ({ ...overviewQueries.flavors(organizationID, r.metadata.id), enabled })),
    combine: combineFlavors,
  })
  return { regions, flavors }
}
