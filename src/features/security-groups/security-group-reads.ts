import { instanceApi } from '../../api/instances'
import { networkApi, offeredNetworks } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
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

/** What the create form asks as it opens: the networks it offers. */
export const securityGroupCreateReads = (scope: Scope, linkedNetwork: boolean) => ({
  networks: offeredNetworks(scope, linkedNetwork),
})
