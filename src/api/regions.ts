// Platform extension (not in the interface spec): regions an organization may use
// ({base_url}/api/v1/organizations/{organizationID}/regions).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { regionKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { regionSchema, type Region } from './schemas/regional'

export const regionRequests = {
  // Platform extension (not in the interface spec): list regions.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: `/api/v1/organizations/${seg(organizationID)}/regions`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listRegions(scope: OrganizationFilter, options?: CallOptions): Promise<Region[]> {
  return sendJson(regionRequests.list(scope), z.array(regionSchema), options)
}

export const regionQueries = {
  all: regionKeys.all,
  lists: regionKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({
      queryKey: regionKeys.list(scope),
      queryFn: ({ signal }) => listRegions(scope, { signal }),
      // Regions change rarely; pickers on every create form read them.
      staleTime: 5 * 60_000,
    }),
}
