// Networks ({base_url}/api/v2/networks).

import { endpoint, listEndpoint } from './endpoint'
import { readOf } from './read'
import { filtersToQuery, seg, type RegionalListFilters } from './request'
import { networkCreateSchema, networkSchema, networkUpdateSchema } from './schemas/regional'

const collection = () => '/api/v2/networks'
const item = ({ networkID }: { networkID: string }) => `${collection()}/${seg(networkID)}`
const region = { resource: 'networks', service: 'region' } as const

export const networkApi = {
  list: listEndpoint({
    ...region,
    path: collection,
    query: (filters: RegionalListFilters) => filtersToQuery(filters),
    item: networkSchema,
  }),
  detail: endpoint({ ...region, op: 'detail', method: 'GET', path: item, read: networkSchema }),
  create: endpoint({
    ...region,
    op: 'create',
    method: 'POST',
    path: collection,
    write: networkCreateSchema,
    read: networkSchema,
    effects: { seed: (saved) => ({ networkID: saved.metadata.id }), invalidates: [['networks', 'list'], ['quotas']] },
  }),
  update: endpoint({
    ...region,
    op: 'update',
    method: 'PUT',
    path: item,
    write: networkUpdateSchema,
    read: networkSchema,
    effects: { seed: (_saved, { networkID }) => ({ networkID }), invalidates: [['networks', 'list']] },
  }),
  // Platform extension (not in the interface spec): delete a network. The platform answers 403 while it is in use.
  // Deletion is asynchronous (202): the network stays listed as deprovisioning until it is gone, so the detail is
  // refetched rather than dropped.
  delete: endpoint({
    ...region,
    op: 'delete',
    method: 'DELETE',
    path: item,
    effects: { invalidates: [['networks'], ['quotas']] },
  }),
}

/** Where a resource is placed: its organization, project and region. */
export interface Placement {
  organizationID: string
  projectId: string
  regionId: string
}

/**
 * The networks a resource placed in a project and region may use: only those of the same project and region reach
 * it (NetworkField's pickers, a file storage's attachments).
 */
export const placedNetworksRead = ({ organizationID, projectId, regionId }: Placement) =>
  readOf(networkApi.list, { organizationID: [organizationID], projectID: [projectId], regionID: [regionId] })
