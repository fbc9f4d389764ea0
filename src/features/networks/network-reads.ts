import { instanceApi } from '../../api/instances'
import { loadBalancerApi } from '../../api/loadBalancers'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import { securityGroupApi } from '../../api/securityGroups'

/** A network's page: the network, then the security groups, instances and load balancers on it (src/api/read.ts says why here). */
export const networkReads = detailReads(
  networkApi.detail,
  (id) => ({ networkID: id }),
  (network) => {
    const on = { organizationID: [network.metadata.organizationId], networkID: [network.metadata.id] }
    return {
      securityGroups: readOf(securityGroupApi.list, on),
      instances: readOf(instanceApi.list, on),
      loadBalancers: readOf(loadBalancerApi.list, on),
    }
  },
)
