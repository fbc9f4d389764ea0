import { imageByKey } from '../../catalog/regions.ts'
import type { RequestContext } from '../../platform/context.ts'
import { CloudError } from '../../platform/errors.ts'
import {
  deletePlacement,
  freeHostCount,
  makePlacement,
  resizePlacement,
  type PlacementRecord,
} from '../reservation/placements.ts'
import type { ReservationRecord } from '../reservation/reservations.ts'
import type { NodePoolRecord } from './node-pool-status.ts'

/**
 * A reservation-mode pool's workers run on hosts its placement holds: the NKS document's
 * `status.reservation.placementId` ("Node-pool-managed Reservation placement ID"). The pool makes it in its cluster's
 * project and region, on the cluster's network, one host a worker; resizes it with its replicas and deletes it with
 * the pool. A placement holds at least one host (the reservation document's `spec.count` minimum is 1), so a pool of
 * no workers has none. While the pool has it, the reservation API sees its hosts as taken: by later placements, by a
 * release of units, and by a direct delete of it (refused, see the placements' delete).
 */

/**
 * What the pool's servers boot: the documents do not say which image the platform's workers run, so the catalog's
 * newest CUDA image, which the console can name.
 */
export const WORKER_IMAGE = 'ubuntu-24.04-cuda-12.8'

const unprocessable = (message: string) => new CloudError('unprocessable_content', message)

/** The pool's live placement, if it has one. */
function placementOf(ctx: RequestContext, pool: NodePoolRecord | undefined): PlacementRecord | undefined {
  const placement = pool?.placementId === undefined ? undefined : ctx.store.placements.get(pool.placementId)
  return placement?.meta.goneAt === undefined ? placement : undefined
}

/**
 * Whether the reservation has a host for each of `replicas` workers: its free hosts (the placements' own rule) and
 * those the pool's placement already holds on it. Shrinking is never refused. The NKS document lists no 409 for a
 * pool's create, so the refusal is a 422, as every other of the pool's.
 */
export function checkRoom(
  ctx: RequestContext,
  reservation: ReservationRecord,
  pool: NodePoolRecord | undefined,
  replicas: number,
): void {
  const own = placementOf(ctx, pool)
  const held = own?.reservationId === reservation.meta.id ? own.count : 0
  const free = freeHostCount(ctx, reservation) + held
  if (replicas > free && replicas > held)
    throw unprocessable(
      `reservation ${reservation.meta.id} has ${free} free hosts for this pool; ${replicas} workers were asked for`,
    )
}

/**
 * Brings the pool's placement in line with `after` (a new pool, or the update of `before`) and answers its id: made,
 * resized, moved to another reservation or deleted. Run once the checks have passed.
 */
export function syncPlacement(
  ctx: RequestContext,
  before: NodePoolRecord | undefined,
  after: NodePoolRecord,
): string | undefined {
  let current = placementOf(ctx, before)
  const wanted = after.provisioningMode === 'reservation' && after.replicas > 0 ? after.reservationId : undefined
  if (current && current.reservationId !== wanted) {
    deletePlacement(ctx, current)
    current = undefined
  }
  if (wanted === undefined) return undefined
  if (current) {
    if (current.count !== after.replicas) resizePlacement(ctx, current, after.replicas)
    return current.meta.id
  }
  const reservation = ctx.store.reservations.get(wanted)
  const cluster = ctx.store.clusters.get(after.clusterId)
  const network = cluster && ctx.store.networks.get(cluster.networkId)
  if (!reservation || !network) throw new Error(`node pool ${after.meta.id} has no reservation or network to place on`)
  return makePlacement(ctx, {
    // The pool's id names it: unique, and the link back from the reservation API's side.
    metadata: { name: `nodepool-${after.meta.id}` },
    organizationId: after.organizationId,
    projectId: after.projectId,
    reservation,
    network,
    count: after.replicas,
    constraints: { policy: 'pack' },
    serverSpec: { imageId: imageByKey(WORKER_IMAGE).id },
    managedBy: { kind: 'NodePool', id: after.meta.id },
  }).meta.id
}

/** Deletes the pool's placement with the pool: its hosts are free once its servers are gone. */
export function dropPlacement(ctx: RequestContext, pool: NodePoolRecord): void {
  const placement = placementOf(ctx, pool)
  if (placement) deletePlacement(ctx, placement)
}
