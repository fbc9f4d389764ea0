import type { NodePool } from '../../api/clusters'
import type { Placement } from '../../api/reservations'

/** How a reservation's hosts are used before a new pool takes some: by its placements and by node pools. */
export interface ReservationRoom {
  hosts: number
  placed: number
  pooled: number
  free: number
}

/**
 * What the platform counts when it takes or refuses a new pool's workers: the reservation's hosts less those its
 * placements hold and those other pools' workers hold. A pool's own placement (status.reservation.placementId, which
 * the platform makes for it) holds that pool's workers, so it is counted once, as the pool.
 */
export function roomIn(
  reservationId: string,
  hosts: number,
  placements: readonly Placement[],
  pools: readonly NodePool[],
): ReservationRoom {
  const poolPlacements = new Set(pools.map((pool) => pool.status.reservation?.placementId).filter(Boolean))
  const placed = placements
    .filter((p) => p.status.reservationId === reservationId && !poolPlacements.has(p.metadata.id))
    .reduce((sum, p) => sum + p.spec.count, 0)
  const pooled = pools
    .filter((pool) => pool.spec.reservation?.reservationId === reservationId)
    .reduce((sum, pool) => sum + pool.spec.replicas, 0)
  return { hosts, placed, pooled, free: Math.max(0, hosts - placed - pooled) }
}
