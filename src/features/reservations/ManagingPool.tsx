import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { nodePoolApi } from '../../api/clusters'
import { readOf, readQuery } from '../../api/read'
import { paths } from '../../lib/paths'

/**
 * The node pool that owns a placement blocking a release (the blocker's `managedBy`): its hosts go only when the pool
 * gives them up, so the way on is the pool on its cluster's page, not the placement, whose delete the platform
 * refuses while the pool has it. Read only once a release was blocked by one.
 */
export function ManagingPool({ poolId }: { poolId: string }) {
  const pools = useQuery(readQuery(readOf(nodePoolApi.list, {})))
  const pool = pools.data?.find((one) => one.metadata.id === poolId)
  return (
    <>
      , the workers of node pool{' '}
      {pool ? <Link to={paths.clusters.item(pool.spec.clusterId)}>{pool.metadata.name}</Link> : poolId}: scale the pool
      down or delete it on its cluster’s page
    </>
  )
}
