import { fileStorageApi } from '../../api/fileStorage'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { readOf } from '../../api/read'
import { securityGroupApi } from '../../api/securityGroups'

/**
 * What a project's page shows it holds: the networks, file storage, instances and security groups placed in it. The
 * project itself is read out of the organization's projects list, which every page's bootstrap carries. The page
 * builds its queries from these, and the console server asks the same with the page's HTML (src/api/read.ts says why).
 */
export function projectReads(projectID: string, organizationID: string) {
  const placed = { organizationID: [organizationID], projectID: [projectID] }
  return {
    networks: readOf(networkApi.list, placed),
    fileStorage: readOf(fileStorageApi.list, placed),
    instances: readOf(instanceApi.list, placed),
    securityGroups: readOf(securityGroupApi.list, placed),
  }
}
