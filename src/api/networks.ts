// Networks ({base_url}/api/v2/networks): the table its row declares. The platform answers a delete 403 while the
// network is in use, and deletes asynchronously (202).

import type { Scope } from '../lib/scope'
import { readOf } from './read'
import type { RegionalListFilters } from './request'
import { projectTable } from './resource-table'
import { networkCreateSchema, networkSchema, networkUpdateSchema } from './schemas/regional'

export const networkApi = projectTable('networks', {
  read: networkSchema,
  create: networkCreateSchema,
  update: networkUpdateSchema,
})

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

/**
 * The networks a create form offers a resource that lives on one (a security group, a load balancer): those of the
 * working scope, or of the whole organization when a link named the network (`linkedNetwork`: it may be outside the
 * scope). The form builds its query from this; the console server asks it with the form's HTML.
 */
export function offeredNetworks(scope: Scope, linkedNetwork: boolean) {
  const organizationID = scope.organizationId ?? ''
  const filters: RegionalListFilters = {
    organizationID: [organizationID],
    ...(scope.projectId && !linkedNetwork ? { projectID: [scope.projectId] } : {}),
    ...(scope.regionId && !linkedNetwork ? { regionID: [scope.regionId] } : {}),
  }
  return { read: readOf(networkApi.list, filters), asked: Boolean(organizationID) }
}
