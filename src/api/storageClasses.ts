// Platform extension (not in the interface spec): file storage classes ({base_url}/api/v2/filestorageclasses).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { storageClassKeys, type StorageClassFilters } from './keys'
import type { ApiRequest } from './request'
import { storageClassSchema, type StorageClass } from './schemas/regional'

export const storageClassRequests = {
  // Platform extension (not in the interface spec): list storage classes, optionally of some regions.
  list: (filters: StorageClassFilters = {}): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: '/api/v2/filestorageclasses',
    query: { regionID: filters.regionID },
  }),
}

// Platform extension (not in the interface spec): list.
export function listStorageClasses(filters: StorageClassFilters = {}, options?: CallOptions): Promise<StorageClass[]> {
  return sendJson(storageClassRequests.list(filters), z.array(storageClassSchema), options)
}

export const storageClassQueries = {
  all: storageClassKeys.all,
  lists: storageClassKeys.lists,
  list: (filters: StorageClassFilters = {}) =>
    queryOptions({
      queryKey: storageClassKeys.list(filters),
      queryFn: ({ signal }) => listStorageClasses(filters, { signal }),
    }),
}
