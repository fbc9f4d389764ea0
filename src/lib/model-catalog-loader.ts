import type { QueryClient } from '@tanstack/react-query'
import { readQuery } from '../api/read'
import { modelsRead } from './catalog-reads'
import { ensureScope } from './scope-loader'
import { waitAtMost } from './wait-at-most'

/**
 * The loader of a page that reads the organization's model catalog. It prefetches rather than ensures: the page
 * shows a failed listing in place (the catalog with a retry; the playground still takes a typed model id). It waits
 * a second at most: a listing that hangs blanked the page, the playground's inputs and options too, for 30 s.
 */
export function modelCatalogLoader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (organizationId) await waitAtMost(queryClient.prefetchQuery(readQuery(modelsRead(organizationId))), 1_000)
    return null
  }
}
