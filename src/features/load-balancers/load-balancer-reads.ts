import { loadBalancerApi } from '../../api/loadBalancers'
import { networkApi, offeredNetworks } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import type { Scope } from '../../lib/scope'

/**
 * A load balancer's pages: the balancer, then its network (its name and prefix beside the VIP), on the page and in
 * the edit form (src/api/read.ts says why here).
 */
export const loadBalancerReads = detailReads(
  loadBalancerApi.detail,
  (id) => ({ loadBalancerID: id }),
  (balancer) => ({ network: readOf(networkApi.detail, { networkID: balancer.status.networkId }) }),
  (balancer) => ({ network: readOf(networkApi.detail, { networkID: balancer.status.networkId }) }),
)

/** What the create form asks as it opens: the networks it offers (a network's page links with its own). */
export const loadBalancerCreateReads = (scope: Scope, linkedNetwork: boolean) => ({
  networks: offeredNetworks(scope, linkedNetwork),
})
