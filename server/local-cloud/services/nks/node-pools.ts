import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { resourceRoutes, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, conflict } from '../../platform/errors.ts'
import { filteredListReply } from '../../platform/filters.ts'
import { markDeleted, newMeta, updatedMeta } from '../../platform/lifecycle.ts'
import { readableIn } from '../../platform/permissions.ts'
import { findOwned } from '../../platform/scope.ts'
import type { Store } from '../../platform/store/store.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'
import { FLAVORS } from '../../catalog/regions.ts'
import { allocate, poolDemand } from '../identity/allocations.ts'
import { byNameThenId } from './clusters.ts'
import { nksMetadata, statusFilters } from './convergence.ts'
import { poolChangesAt, poolPhase, poolReplicas, type NodePoolRecord } from './node-pool-status.ts'
import { checkRoom, dropPlacement, syncPlacement } from './pool-placement.ts'

registerTable('nodePools', {
  projectId: (pool) => [pool.projectId],
  placementId: (pool) => (pool.placementId === undefined ? [] : [pool.placementId]),
})

function nodePoolView(store: Store, pool: NodePoolRecord, now: number) {
  const replicas = poolReplicas(store, pool, now)
  const cluster = store.clusters.get(pool.clusterId)
  const observed = replicas !== undefined && now >= Date.parse(pool.meta.modifiedTime ?? pool.meta.creationTime)
  return {
    metadata: nksMetadata(pool, poolPhase(store, pool, now)),
    spec: {
      clusterId: pool.clusterId,
      provisioningMode: pool.provisioningMode,
      replicas: pool.replicas,
      ...(pool.flavorId !== undefined && { compute: { flavorId: pool.flavorId } }),
      ...(pool.reservationId !== undefined && { reservation: { reservationId: pool.reservationId } }),
      ...(pool.taints?.length && { taints: pool.taints }),
    },
    status: {
      regionId: pool.regionId,
      ...(replicas && {
        observedGeneration: observed && replicas.desired === pool.replicas ? pool.generation : pool.generation - 1,
        ...(cluster && { kubernetesVersion: kubernetesVersionOf(cluster.platformReleaseId) }),
        desiredReplicas: replicas.desired,
        currentReplicas: replicas.current,
        readyReplicas: replicas.ready,
        // Scaling keeps the MachineDeployment's template: every ready worker runs the current one.
        upToDateReplicas: replicas.ready,
      }),
      ...(pool.reservationId !== undefined && {
        reservation: {
          reservationId: pool.reservationId,
          ...(pool.placementId !== undefined && { placementId: pool.placementId }),
        },
      }),
    },
  }
}

const kubernetesVersionOf = (releaseId: string) => `v${releaseId.replace(/^nks-/, '').replace(/-/g, '.')}`

const taintSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(317)
    .regex(
      /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/,
      { error: 'must be a qualified Kubernetes name, e.g. nvidia.com/gpu' },
    ),
  value: z
    .string()
    .max(63)
    .regex(/^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/, { error: 'must be a Kubernetes label value' })
    .optional(),
  effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
  propagation: z.enum(['Always', 'OnInitialization']),
})

const specSchema = z.strictObject({
  clusterId: z.string(),
  provisioningMode: z.enum(['compute', 'reservation']),
  replicas: z.int().min(0).max(2147483647),
  compute: z.object({ flavorId: z.string().min(1).max(128).optional() }).optional(),
  reservation: z.object({ reservationId: z.string().optional() }).optional(),
  taints: z.array(taintSchema).max(64).optional(),
})
const writeBody = envelope(specSchema)
type PoolSpec = z.output<typeof specSchema>

const unprocessable = (message: string) => new CloudError('unprocessable_content', message)

/**
 * The pool's workers come from a placement it makes on the reservation (the status's `placementId`), one worker a
 * host, so the reservation must be one the cluster's project holds in its region, not being deleted, with a host free
 * for each worker (`checkRoom`). The document lists no 404 nor 409 for a node pool's create, only 422, so each refusal
 * is a 422, as a missing cluster is.
 */
function checkReservation(ctx: RequestContext, reservationId: string, pool: Pool, replicas: number): void {
  const reservation = ctx.store.reservations.get(reservationId)
  if (!reservation || reservation.projectId !== pool.projectId)
    throw unprocessable(`reservation ${reservationId} does not exist in the cluster’s project`)
  if (reservation.meta.goneAt !== undefined) throw unprocessable(`reservation ${reservationId} is being deleted`)
  if (reservation.regionId !== pool.regionId)
    throw unprocessable(`reservation ${reservationId} is not in the cluster’s region`)
  checkRoom(ctx, reservation, pool.record, replicas)
}

/** Where a pool's workers go: its cluster's project and region; once it exists, the pool as it is. */
interface Pool {
  projectId: string
  regionId: string
  record?: NodePoolRecord
}

/** The capacity source its mode asks for, and only that one. */
function capacityOf(
  ctx: RequestContext,
  spec: PoolSpec,
  pool: Pool,
): Pick<NodePoolRecord, 'flavorId' | 'reservationId'> {
  const { regionId } = pool
  if (spec.provisioningMode === 'compute') {
    if (spec.reservation) throw unprocessable('spec.reservation must be omitted when provisioningMode is compute')
    const flavorId = spec.compute?.flavorId
    if (!flavorId) throw unprocessable('spec.compute.flavorId is required when provisioningMode is compute')
    const flavor = FLAVORS.find((f) => f.id === flavorId)
    if (!flavor || !flavor.regionIds.includes(regionId))
      throw unprocessable(`flavor ${flavorId} does not exist in the cluster's region`)
    return { flavorId }
  }
  if (spec.compute) throw unprocessable('spec.compute must be omitted when provisioningMode is reservation')
  const reservationId = spec.reservation?.reservationId
  if (!reservationId)
    throw unprocessable('spec.reservation.reservationId is required when provisioningMode is reservation')
  checkReservation(ctx, reservationId, pool, spec.replicas)
  return { reservationId }
}

/** The cluster the pool names: the caller's, and not being deleted. */
function clusterOf(ctx: RequestContext, clusterId: string) {
  const cluster = ctx.store.clusters.get(clusterId)
  if (!cluster || cluster.organizationId !== ctx.principal.organizationId)
    throw unprocessable(`cluster ${clusterId} does not exist`)
  if (cluster.meta.goneAt !== undefined) throw unprocessable(`cluster ${clusterId} is being deleted`)
  return cluster
}

const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(writeBody)
  const cluster = clusterOf(ctx, spec.clusterId)
  const pool: NodePoolRecord = {
    meta: newMeta(ctx, metadata, randomUUID()),
    organizationId: cluster.organizationId,
    projectId: cluster.projectId,
    regionId: cluster.regionId,
    clusterId: cluster.meta.id,
    generation: 1,
    provisioningMode: spec.provisioningMode,
    replicas: spec.replicas,
    ...capacityOf(ctx, spec, cluster),
    ...(spec.taints && { taints: spec.taints }),
    fromReplicas: 0,
  }
  // The document lists no 409 for a pool's create, nor do the region documents for an instance's: the identity
  // service's refusal of the allocation is passed on as the instances' is (`allocate`).
  allocate(ctx, pool.organizationId, poolDemand(pool))
  const placementId = syncPlacement(ctx, undefined, pool)
  if (placementId !== undefined) pool.placementId = placementId
  ctx.store.nodePools.set(pool)
  return {
    status: 201,
    body: nodePoolView(ctx.store, pool, ctx.now),
    headers: { Location: `/api/v1/nodepools/${pool.meta.id}` },
  }
}

const find = (ctx: RequestContext) =>
  findOwned(ctx.store.nodePools, ctx.params.nodePoolID ?? '', ctx.principal, 'node pool')

const update: Handler = async (ctx) => {
  const pool = find(ctx)
  const { metadata, spec } = await ctx.body(writeBody)
  if (pool.meta.goneAt !== undefined) throw conflict('node pool is being deleted')
  if (spec.clusterId !== pool.clusterId) throw unprocessable('spec.clusterId is immutable')
  if (spec.provisioningMode !== pool.provisioningMode) throw unprocessable('spec.provisioningMode is immutable')
  const capacity = capacityOf(ctx, spec, { ...pool, record: pool })
  // Where the workers are now is where the new generation starts from.
  const now = poolReplicas(ctx.store, pool, ctx.now)
  const { flavorId: _f, reservationId: _r, taints: _t, placementId: _p, ...rest } = pool
  const updated: NodePoolRecord = {
    ...rest,
    meta: updatedMeta(ctx, pool.meta, metadata),
    generation: pool.generation + 1,
    replicas: spec.replicas,
    ...capacity,
    ...(spec.taints && { taints: spec.taints }),
    fromReplicas: now?.current ?? 0,
  }
  allocate(ctx, pool.organizationId, poolDemand(updated), pool.meta.id)
  const placementId = syncPlacement(ctx, pool, updated)
  if (placementId !== undefined) updated.placementId = placementId
  ctx.store.nodePools.set(updated)
  return { status: 200, body: nodePoolView(ctx.store, updated, ctx.now) }
}

/** The pool and its placement go (202): the pool reads as deprovisioning, its hosts are free once its servers are gone. */
const remove: Handler = (ctx) => {
  const pool = find(ctx)
  markDeleted(ctx, ctx.store.nodePools, pool)
  dropPlacement(ctx, pool)
  return { status: 202 }
}

const list: Handler = (ctx) => {
  const matches = statusFilters(ctx.query)
  const readable = readableIn(ctx.store, ctx.principal, 'nks:nodepools')
  const items = [...ctx.store.nodePools.values()].filter(
    (pool) => readable(pool.projectId) && matches(pool.meta, poolPhase(ctx.store, pool, ctx.now)),
  )
  const reply = filteredListReply(
    ctx,
    items,
    ['organizationID', 'projectID', 'clusterID', 'regionID'],
    (pool) => nodePoolView(ctx.store, pool, ctx.now),
    (pool) => poolChangesAt(ctx.store, pool, ctx.now),
  )
  if (Array.isArray(reply.body)) reply.body.sort(byNameThenId)
  return reply
}

const get: Handler = (ctx) => ({ status: 200, body: nodePoolView(ctx.store, find(ctx), ctx.now) })

/** Node pools: list, create (201), read, update and delete (202). */
export const nodePoolRoutes = resourceRoutes(
  '/api/v1/nodepools',
  'nodePoolID',
  'nks:nodepools',
  { list, create, get, update, delete: remove },
  (store, params) => store.nodePools.get(params.nodePoolID ?? ''),
)
