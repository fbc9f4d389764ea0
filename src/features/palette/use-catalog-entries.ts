import { useQueries, useQuery } from '@tanstack/react-query'
import { q } from '../../api/endpoint'
import { regionApi } from '../../api/regions'
import { readQuery } from '../../api/read'
import { modelsRead, REGION_CATALOGS } from '../../lib/catalog-reads'
import { flavorEntries, imageEntries, modelEntries } from './catalog-entries'
import type { PaletteEntry } from './palette-entries'

/**
 * The catalogs' entries (models, and every region's flavors and images), read only while the palette is open, in the
 * cache entries the catalog pages read.
 */
export function useCatalogEntries(organizationID: string, opened: boolean): PaletteEntry[] {
  const enabled = opened && Boolean(organizationID)
  const models = useQuery({ ...readQuery(modelsRead(organizationID)), enabled })
  const regions = useQuery({ ...q(regionApi.list, { organizationID }), enabled })
  const named = (regions.data ?? []).map((region) => ({ id: region.metadata.id, name: region.metadata.name }))
  const regional = useQueries({
    queries: named.flatMap((region) => [
      { ...q(REGION_CATALOGS.flavors, { organizationID, regionID: region.id }), enabled },
      { ...q(REGION_CATALOGS.images, { organizationID, regionID: region.id }), enabled },
    ]),
    combine: (answers) =>
      named.flatMap((region, i) => [
        ...flavorEntries(region, (answers[2 * i]?.data as Parameters<typeof flavorEntries>[1] | undefined) ?? []),
        ...imageEntries(region, (answers[2 * i + 1]?.data as Parameters<typeof imageEntries>[1] | undefined) ?? []),
      ]),
  })
  return [...modelEntries(models.data ?? []), ...regional]
}
