// What a region offers and an organization may use: read-only lists (platform extensions, except flavors and model
// endpoints, which are in the interface spec).

import { endpoint } from './endpoint'
import { seg } from './request'
import { modelEndpointListSchema } from './schemas/aiproxy'
import { listOf } from './schemas/common'
import { flavorSchema, imageSchema, regionSchema, storageClassSchema } from './schemas/regional'

export interface OrganizationScope {
  organizationID: string
}
interface RegionScope {
  organizationID: string
  regionID: string
}

const regionPath = ({ organizationID, regionID }: RegionScope) =>
  `/api/v1/organizations/${seg(organizationID)}/regions/${seg(regionID)}`

// Regions change rarely; pickers on every create form read them.
export const regionApi = {
  list: endpoint({
    resource: 'regions',
    op: 'list',
    service: 'region',
    method: 'GET',
    path: ({ organizationID }: OrganizationScope) => `/api/v1/organizations/${seg(organizationID)}/regions`,
    read: listOf(regionSchema),
    staleTime: 5 * 60_000,
  }),
}

// ({base_url}/api/v1/organizations/{organizationID}/regions/{regionID}/flavors)
export const flavorApi = {
  list: endpoint({
    resource: 'flavors',
    op: 'list',
    service: 'region',
    method: 'GET',
    path: (scope: RegionScope) => `${regionPath(scope)}/flavors`,
    read: listOf(flavorSchema),
  }),
}

export const imageApi = {
  list: endpoint({
    resource: 'images',
    op: 'list',
    service: 'region',
    method: 'GET',
    path: (scope: RegionScope) => `${regionPath(scope)}/images`,
    read: listOf(imageSchema),
  }),
}

// Storage classes, optionally of some regions.
export const storageClassApi = {
  list: endpoint({
    resource: 'storageClasses',
    op: 'list',
    service: 'region',
    method: 'GET',
    path: () => '/api/v2/filestorageclasses',
    query: (filters: { regionID?: readonly string[] }) => ({ regionID: filters.regionID }),
    read: listOf(storageClassSchema),
  }),
}

// Model endpoints ({aiproxy_url}/organizations/{organization_id}/endpoints): the `models` array of `{models: […]}`.
export const modelApi = {
  list: endpoint({
    resource: 'models',
    op: 'list',
    service: 'aiproxy',
    method: 'GET',
    path: ({ organizationID }: OrganizationScope) => `/organizations/${seg(organizationID)}/endpoints`,
    read: modelEndpointListSchema.transform((answer) => answer.models),
  }),
}
