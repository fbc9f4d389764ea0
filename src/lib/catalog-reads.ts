// What a catalog page reads as it opens, declared once: the pages' loaders and queries are built from these, and the
// console server asks the same reads with the page's bootstrap (server/console/bootstrap.ts), so a catalog opened by
// its URL does not wait for its code to run before its list is asked for.

import { flavorApi, imageApi, modelApi } from '../api/catalogs'
import { readOf } from '../api/read'

/** The organization's model endpoints, which the model catalog lists and the playground picks from. */
export const modelsRead = (organizationID: string) => readOf(modelApi.list, { organizationID })

/** The pages that open on the organization's model endpoints. */
export const MODEL_PAGES = ['models', 'playground'] as const

/** The pages about one region's catalog, by their section: the list each reads (an image's page reads its region's). */
export const REGION_CATALOGS = { flavors: flavorApi.list, images: imageApi.list } as const

/**
 * The region a catalog page shows: the URL's (`region`), else the working scope's, else the organization's first.
 * `scopeRegion` is the scope's once checked against the organization's regions (src/lib/scope.ts `resolveScope`).
 */
export function catalogRegionOf(
  urlRegion: string | null,
  scopeRegion: string | undefined,
  regions: readonly { metadata: { id: string } }[] | undefined,
): string | undefined {
  return urlRegion || scopeRegion || regions?.[0]?.metadata.id
}
