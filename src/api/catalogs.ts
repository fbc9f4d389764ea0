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
  // The public v2 list (region v1.20.0): the platform's images and the organization's own, in one answer. The v1 list
  // beside the import below is hidden in today's documents.
  list: listEndpoint({
    resource: 'images',
    service: 'region',
    path: ({ regionID }: RegionScope) => `/api/v2/regions/${seg(regionID)}/images`,
    query: ({ organizationID }: RegionScope) => ({ organizationID, scope: 'available' }),
    item: imageSchema,
  }),
  // The hidden v1 list, the collection the import and the delete below write to: the console server's activity log
  // reads it to name the image a delete removes (server/console/activity.ts, `listPath`); the pages read the v2 list.
  collection: listEndpoint({
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
