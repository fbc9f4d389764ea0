// Platform extension (not in the interface spec): images of a region
// ({base_url}/api/v1/organizations/{organizationID}/regions/{regionID}/images).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { imageKeys, type OrganizationRegionFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { imageSchema, type Image } from './schemas/regional'

export const imageRequests = {
  // Platform extension (not in the interface spec): list images.
  list: ({ organizationID, regionID }: OrganizationRegionFilter): ApiRequest => ({
    service: 'region',
    method: 'GET',
    path: `/api/v1/organizations/${seg(organizationID)}/regions/${seg(regionID)}/images`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listImages(scope: OrganizationRegionFilter, options?: CallOptions): Promise<Image[]> {
  return sendJson(imageRequests.list(scope), z.array(imageSchema), options)
}

export const imageQueries = {
  all: imageKeys.all,
  lists: imageKeys.lists,
  list: (scope: OrganizationRegionFilter) =>
    queryOptions({ queryKey: imageKeys.list(scope), queryFn: ({ signal }) => listImages(scope, { signal }) }),
}
