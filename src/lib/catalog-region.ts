import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { regionApi } from '../api/regions'
import { q, type Endpoint } from '../api/endpoint'
import { catalogRegionOf } from './catalog-reads'
import { useStoredScope } from './scope'
import { ensureScope } from './scope-loader'

type RegionList<T> = Endpoint<{ organizationID: string; regionID: string }, undefined, T[]>

/**
 * The loader of a page about one region's catalog (flavors, images): prefetches the list of the region the page
 * shows (`catalogRegionOf`), which the page's bootstrap carries. Prefetch, not ensure: a failed listing is shown in
 * place with a retry, not as a broken page.
 */
export function catalogRegionLoader<T>(list: RegionList<T>) {
  return (queryClient: QueryClient) =>
    async ({ request }: LoaderFunctionArgs) => {
      const scope = await ensureScope(queryClient)
      const organizationID = scope.organizationId
      if (!organizationID) return null
      const regions = queryClient.getQueryData(q(regionApi.list, { organizationID }).queryKey)
      const regionID = catalogRegionOf(new URL(request.url).searchParams.get('region'), scope.regionId, regions)
      if (regionID) await queryClient.prefetchQuery(q(list, { organizationID, regionID }))
      return null
    }
}

/**
 * The organization's regions and the region a catalog page shows (`catalogRegionOf`; `urlRegion` is null when the
 * URL names none).
 */
export function useCatalogRegion(urlRegion: string | null) {
  const scope = useStoredScope()
  const organizationID = scope.organizationId ?? ''
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const regionID = catalogRegionOf(urlRegion, scope.regionId, regions.data) ?? ''
  return { organizationID, regions, regionID }
}
