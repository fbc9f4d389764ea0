// Compute flavors of a region ({base_url}/api/v1/organizations/{organizationID}/regions/{regionID}/flavors).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { flavorKeys, type OrganizationRegionFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { flavorSchema, type Flavor } from './schemas/regional'

export const flavorRequests = {
  list: ({ organizationID, regionID }: OrganizationRegionFilter): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: `/api/v1/organizations/${seg(organizationID)}/regions/${seg(regionID)}/flavors`,
  }),
}

export function listFlavors(scope: OrganizationRegionFilter, options?: CallOptions): Promise<Flavor[]> {
  return sendJson(flavorRequests.list(scope), z.array(flavorSchema), options)
}

export const flavorQueries = {
  all: flavorKeys.all,
  lists: flavorKeys.lists,
  list: (scope: OrganizationRegionFilter) =>
    queryOptions({ queryKey: flavorKeys.list(scope), queryFn: ({ signal }) => listFlavors(scope, { signal }) }),
}
