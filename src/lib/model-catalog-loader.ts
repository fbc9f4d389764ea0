import type { QueryClient } from '@tanstack/react-query'
import { modelApi } from '../api/catalogs'
import { q } from '../api/endpoint'
import { ensureScope } from './scope-loader'

/**
 * The loader of a page that reads the organization's model catalog. It prefetches rather than ensures: the page
 * shows a failed listing in place (the catalog with a retry; the playground still takes a typed model id).
 */
export function modelCatalogLoader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (organizationId) await queryClient.prefetchQuery(q(modelApi.list, { organizationID: organizationId }))
    return null
  }
}
