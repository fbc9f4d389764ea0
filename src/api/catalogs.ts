// What a region offers and an organization may use: read-only lists (platform extensions, except flavors and model
// endpoints, which are in the interface spec).

import { endpoint, listEndpoint } from './endpoint'
import { seg } from './request'
import { modelEndpointListSchema } from './schemas/aiproxy'
import { lazySchema, transformed } from './schemas/common'
import { flavorSchema, imageCreateSchema, imageSchema, storageClassSchema } from './schemas/regional'

import type { OrganizationScope } from './regions'

interface RegionScope {
  organizationID: string
  regionID: string
}

const regionPath = ({ organizationID, regionID }: RegionScope) =>
  `/api/v1/organizations/${seg(organizationID)}/regions/${seg(regionID)}`

// ({base_url}/api/v1/organizations/{organizationID}/regions/{regionID}/flavors)
export const flavorApi = {
  list: listEndpoint({
    resource: 'flavors',
    service: 'region',
    path: (scope: RegionScope) => `${regionPath(scope)}/flavors`,
    item: flavorSchema,
  }),
}

export const imageApi = {
  list: listEndpoint({
    resource: 'images',
    service: 'region',
    path: (scope: RegionScope) => `${regionPath(scope)}/images`,
    item: imageSchema,
  }),
  // An image imported from a raw disk image's URL: the platform answers 200 with it pending, then downloads it.
  create: endpoint({
    resource: 'images',
    service: 'region',
    op: 'create',
    method: 'POST',
    path: (scope: RegionScope) => `${regionPath(scope)}/images`,
    write: imageCreateSchema,
    read: imageSchema,
    effects: { invalidates: [['images', 'list']] },
  }),
  // The organization's own images (snapshots and imports) can be deleted (202); the platform's own refuse it.
  delete: endpoint({
    resource: 'images',
    service: 'region',
    op: 'delete',
    method: 'DELETE',
    path: (vars: RegionScope & { imageID: string }) => `${regionPath(vars)}/images/${seg(vars.imageID)}`,
    effects: { invalidates: [['images']] },
  }),
}

// Storage classes, optionally of some regions.
export const storageClassApi = {
  list: listEndpoint({
    resource: 'storageClasses',
    service: 'region',
    path: () => '/api/v2/filestorageclasses',
    query: (filters: { regionID?: readonly string[] }) => ({ regionID: filters.regionID }),
    item: storageClassSchema,
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
    read: lazySchema(() => transformed(modelEndpointListSchema, (answer) => answer.models)),
  }),
}
