import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import { securityGroupApi } from '../../api/securityGroups'

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
