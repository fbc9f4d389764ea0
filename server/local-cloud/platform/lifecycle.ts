import type { RequestContext } from './context.ts'
import type { PowerRecord, PowerState, ResourceMeta } from './store/records.ts'
import type { Table } from './store/store.ts'
import type { WriteMetadata } from './validate.ts'

export type ProvisioningStatus = 'unknown' | 'provisioning' | 'provisioned' | 'deprovisioning' | 'error'
export type HealthStatus = 'unknown' | 'healthy' | 'degraded' | 'error'

/**
 * The platform writes a new resource with no status; its controller reconciles it a moment later. Here the first
 * reconcile comes after a quarter of the provisioning time; until then the status reads `unknown` (and an instance
 * has no power state). An updated resource has been reconciled before.
 */
function firstReconcileAt(meta: ResourceMeta): number {
  if (meta.modifiedTime !== undefined) return Number.NEGATIVE_INFINITY
  const created = Date.parse(meta.creationTime)
  return created + (meta.readyAt - created) / 4
}

export function isReconciled(meta: ResourceMeta, now: number): boolean {
  return now >= firstReconcileAt(meta)
}

/** Provisioning follows from timestamps, so it is right on every read and after a restart. */
function provisioningStatus(meta: ResourceMeta, now: number): ProvisioningStatus {
  if (meta.goneAt !== undefined) return 'deprovisioning'
  if (meta.failed) return 'error'
  if (!isReconciled(meta, now)) return 'unknown'
  return now >= meta.readyAt ? 'provisioned' : 'provisioning'
}

function healthStatus(meta: ResourceMeta, now: number): HealthStatus {
  if (meta.failed) return 'error'
  if (meta.goneAt !== undefined) return 'unknown'
  return now >= meta.readyAt ? 'healthy' : 'unknown'
}

/** The next moment a resource's status changes by itself, as seen from `now` (for caching read shapes). */
export function statusChangesAt(meta: ResourceMeta, now: number): number {
  if (meta.goneAt !== undefined) return meta.goneAt
  const reconcile = firstReconcileAt(meta)
  if (now < reconcile) return reconcile
  return now < meta.readyAt ? meta.readyAt : Number.POSITIVE_INFINITY
}

export function isReady(meta: ResourceMeta, now: number): boolean {
  return !meta.failed && meta.goneAt === undefined && now >= meta.readyAt
}

export function powerState(power: PowerRecord, now: number): PowerState {
  if (power.settlesAt !== undefined && power.settlesTo !== undefined && now >= power.settlesAt) return power.settlesTo
  return (power.then ?? []).reduce((phase, step) => (now >= step.at ? step.phase : phase), power.phase)
}

/** The next moment the power state changes by itself, as seen from `now` (infinity once it has settled). */
export function powerChangesAt(power: PowerRecord, now: number): number {
  const times = [...(power.then ?? []).map((step) => step.at), power.settlesAt ?? Number.POSITIVE_INFINITY]
  return Math.min(...times.filter((at) => at > now), Number.POSITIVE_INFINITY)
}

/** A transition through `phase` that settles into `to` after `delayMs`. */
export function transition(phase: PowerState, to: PowerState, now: number, delayMs: number): PowerRecord {
  return delayMs <= 0 ? { phase: to } : { phase, settlesAt: now + delayMs, settlesTo: to }
}

/**
 * A new instance's way to Running, as the documents tell it: Pending, then Queued (waiting on hardware), then Building
 * (the provider bringing the server up), then Running, `delayMs` after the create. Its resource is provisioned when
 * Building begins, so a provisioned instance can still be on its way: "API consumers should treat Running (not
 * provisioned) as the ready state" (compute v1.17.0). The first reconcile comes before Pending ends.
 */
export function firstBoot(now: number, delayMs: number): { power: PowerRecord; provisionedAt: number } {
  if (delayMs <= 0) return { power: { phase: 'Running' }, provisionedAt: now }
  // Queued and Building take most of the time, as waiting on hardware and bringing a server up do.
  const building = now + (delayMs * 5) / 8
  const then = [
    { phase: 'Queued' as const, at: now + delayMs / 4 },
    { phase: 'Building' as const, at: building },
  ]
  return { power: { phase: 'Pending', then, settlesAt: now + delayMs, settlesTo: 'Running' }, provisionedAt: building }
}

/** Common read metadata of provisioned resources (the platform's resourceReadMetadata). */
export function readMetadata(meta: ResourceMeta, now: number, options: { createdBy: boolean }) {
  return {
    id: meta.id,
    name: meta.name,
    ...(meta.description !== undefined ? { description: meta.description } : {}),
    ...(meta.tags !== undefined ? { tags: meta.tags } : {}),
    creationTime: meta.creationTime,
    ...(options.createdBy ? { createdBy: meta.createdBy } : {}),
    ...(meta.modifiedTime !== undefined ? { modifiedTime: meta.modifiedTime } : {}),
    ...(options.createdBy && meta.modifiedBy !== undefined ? { modifiedBy: meta.modifiedBy } : {}),
    ...(meta.deletionTime !== undefined ? { deletionTime: meta.deletionTime } : {}),
    provisioningStatus: provisioningStatus(meta, now),
    healthStatus: healthStatus(meta, now),
  }
}

/**
 * Read metadata of what the platform keeps rather than provisions (organizations, regions, roles, catalogs). An empty
 * description is no description: the documents make it optional, and the platform leaves it out.
 */
export function fixedMetadata(item: { id: string; name: string; description: string }, creationTime: string) {
  const { id, name, description } = item
  return {
    id,
    name,
    ...(description ? { description } : {}),
    creationTime,
    provisioningStatus: 'provisioned',
    healthStatus: 'healthy',
  }
}

/** The read metadata's optional parts, from write metadata. */
function written(metadata: WriteMetadata) {
  return {
    name: metadata.name,
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.tags !== undefined ? { tags: metadata.tags } : {}),
  }
}

/** Metadata of a new resource, provisioned `ctx.provisionMs` from now (0: at once). */
export function newMeta(ctx: RequestContext, metadata: WriteMetadata, id: string): ResourceMeta {
  return {
    id,
    ...written(metadata),
    creationTime: new Date(ctx.now).toISOString(),
    createdBy: ctx.principal.subject,
    readyAt: ctx.now + ctx.provisionMs,
  }
}

/** Applies new write metadata; an update re-provisions the resource. */
export function updatedMeta(ctx: RequestContext, meta: ResourceMeta, metadata: WriteMetadata): ResourceMeta {
  const { description: _d, tags: _t, ...rest } = meta
  return {
    ...rest,
    ...written(metadata),
    modifiedTime: new Date(ctx.now).toISOString(),
    modifiedBy: ctx.principal.subject,
    readyAt: meta.failed ? meta.readyAt : ctx.now + ctx.provisionMs,
  }
}

/**
 * Deletion is asynchronous like the platform's: the resource reads as deprovisioning until the provisioning
 * delay has passed, then disappears. Deleting again while that runs is accepted and changes nothing.
 */
export function markDeleted<T extends { meta: ResourceMeta }>(ctx: RequestContext, table: Table<T>, item: T): void {
  if (item.meta.goneAt !== undefined) return
  if (ctx.provisionMs <= 0) {
    table.delete(item.meta.id)
  } else {
    const goneAt = ctx.now + ctx.provisionMs
    table.set({ ...item, meta: { ...item.meta, goneAt, deletionTime: new Date(ctx.now).toISOString() } })
    ctx.store.scheduleSweep(goneAt)
  }
}
