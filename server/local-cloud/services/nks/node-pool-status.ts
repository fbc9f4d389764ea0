import type { ResourceMeta } from '../../platform/store/records.ts'
import type { Store } from '../../platform/store/store.ts'
import { converge, type Phase } from './convergence.ts'

/** A cluster's node pool (nks-core main 2026-08-03): workers from a compute flavor or a reservation's units. */
export interface NodePoolRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  clusterId: string
  generation: number
  provisioningMode: 'compute' | 'reservation'
  replicas: number
  flavorId?: string
  reservationId?: string
  /** The placement it manages on the reservation while it has workers (`pool-placement.ts`). */
  placementId?: string
  taints?: Taint[]
  /** The replica count the workers converge from: what the generation before asked for (0 for a new pool). */
  fromReplicas: number
}

export interface Taint {
  key: string
  value?: string
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute'
  propagation: 'Always' | 'OnInitialization'
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    nodePools: NodePoolRecord
  }
}

/** When the workers start to move: once the generation is written and the cluster's control plane first came up. */
function movingWindow(store: Store, pool: NodePoolRecord): { start: number; end: number } {
  const changed = Date.parse(pool.meta.modifiedTime ?? pool.meta.creationTime)
  const span = pool.meta.readyAt - changed
  const clusterReady = store.clusters.get(pool.clusterId)?.firstReadyAt ?? changed
  const start = Math.max(changed, clusterReady)
  return { start, end: start + span }
}

/** The workers as the status reports them, or undefined before the pool's first projection (its cluster not up). */
export function poolReplicas(store: Store, pool: NodePoolRecord, now: number) {
  const { start, end } = movingWindow(store, pool)
  if (now < start && pool.generation === 1) return undefined
  const moving = converge(pool.fromReplicas, pool.replicas, start, end, now)
  const desired = now < start ? pool.fromReplicas : pool.replicas
  return {
    desired,
    current: moving.current,
    ready: moving.ready,
    changesAt: now < start ? start : moving.changesAt,
  }
}

export function poolPhase(store: Store, pool: NodePoolRecord, now: number): Phase {
  const cluster = store.clusters.get(pool.clusterId)
  if (pool.meta.goneAt !== undefined)
    return {
      provisioning: 'deprovisioning',
      provisioningReason: 'Deprovisioning',
      provisioningMessage: 'node pool workers are being removed',
      health: 'unknown',
      healthMessage: 'node pool is being deleted',
    }
  const { start, end } = movingWindow(store, pool)
  if (now < start)
    return {
      provisioning: 'pending',
      provisioningReason: 'DependencyNotReady',
      provisioningMessage: `waiting for cluster ${cluster?.meta.name ?? pool.clusterId} to be provisioned`,
      health: 'unknown',
      healthMessage: 'node pool workers are not yet reporting',
    }
  const replicas = poolReplicas(store, pool, now)!
  if (now < end)
    return {
      provisioning: 'provisioning',
      provisioningReason: 'Provisioning',
      provisioningMessage: `scaling to ${pool.replicas} workers: ${replicas.current} current, ${replicas.ready} ready`,
      health: 'unknown',
      healthMessage: `${replicas.ready}/${pool.replicas} workers are ready`,
    }
  return {
    provisioning: 'provisioned',
    provisioningReason: 'Provisioned',
    provisioningMessage: 'node pool is available',
    health: 'healthy',
    healthMessage: pool.replicas === 0 ? 'node pool has no workers' : 'node pool workers are ready',
  }
}

/** The next moment a pool's read changes by itself. */
export function poolChangesAt(store: Store, pool: NodePoolRecord, now: number): number {
  if (pool.meta.goneAt !== undefined) return pool.meta.goneAt
  const { start, end } = movingWindow(store, pool)
  const moving = poolReplicas(store, pool, now)?.changesAt ?? start
  return Math.min(...[start, end, moving].filter((at) => at > now), Infinity)
}
