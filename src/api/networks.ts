// Networks ({base_url}/api/v2/networks): the table its row declares. The platform answers a delete 403 while the
// network is in use, and deletes asynchronously (202).

import { readOf } from './read'
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
