import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import type { RegionalListFilters } from '../../api/request'
import { securityGroupApi } from '../../api/securityGroups'
import type { Scope } from '../../lib/scope'

/**
 * A security group's pages: the group, then its network and the instances on that network, among them those the
 * group guards; the edit form its network (src/api/read.ts says why here).
 */
export const securityGroupReads = detailReads(
  securityGroupApi.detail,
  (id) => ({ securityGroupID: id }),
  (group) => ({
    network: readOf(networkApi.detail, { networkID: group.status.networkId }),
    instances: readOf(instanceApi.list, { networkID: [group.status.networkId] }),
  }),
  (group) => ({ network: readOf(networkApi.detail, { networkID: group.status.networkId }) }),
)

/**
 * What the create form asks as it opens: the networks it offers, those of the working scope, or of the whole
 * organization when a link named the network (`linkedNetwork`: it may be outside the scope). The form builds its query
 * from this; the console server asks it with the form's HTML.
 */
export function securityGroupCreateReads(scope: Scope, linkedNetwork: boolean) {
  const organizationID = scope.organizationId ?? ''
  const filters: RegionalListFilters = {
    organizationID: [organizationID],
    ...(scope.projectId && !linkedNetwork ? { projectID: [scope.projectId] } : {}),
    ...(scope.regionId && !linkedNetwork ? { regionID: [scope.regionId] } : {}),
  }
  return { networks: { read: readOf(networkApi.list, filters), asked: Boolean(organizationID) } }
}
