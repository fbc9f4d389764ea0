import type { Cluster, NodePool } from '../../api/clusters'
import { formatNumber } from '../../lib/format'

/** "5 of 6 ready" across the cluster's pools, as its status last observed them; "No workers" for none. */
export function workersText(cluster: Cluster): string {
  const pools = cluster.status.nodePools
  if (!pools || pools.count === undefined) return '—'
  if (pools.count === 0) return 'No node pools'
  if (pools.totalDesiredReplicas === undefined) return `${formatNumber(pools.count)} pools, starting`
  return `${formatNumber(pools.totalReadyReplicas ?? 0)} of ${formatNumber(pools.totalDesiredReplicas)} ready`
}

/** A pool's four counts, in the order Kubernetes prints a deployment's: desired, current, ready, up to date. */
export function replicaCounts(pool: NodePool) {
  const { desiredReplicas, currentReplicas, readyReplicas, upToDateReplicas } = pool.status
  return [
    { label: 'Desired', value: desiredReplicas },
    { label: 'Current', value: currentReplicas },
    { label: 'Ready', value: readyReplicas },
    { label: 'Up to date', value: upToDateReplicas },
  ]
}

/**
 * A status detail beside its state's badge: the platform's message, and its reason only where it says more than the
 * badge ("waiting for cluster x (DependencyNotReady)", not "Provisioned: node pool is available" under "Provisioned").
 */
export function detailText(state: string, detail: { reason: string; message: string }): string {
  return detail.reason.toLowerCase() === state.toLowerCase() ? detail.message : `${detail.message} (${detail.reason})`
}
