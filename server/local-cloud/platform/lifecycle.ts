import type { PowerRecord, PowerState, ResourceMeta } from './store/records.ts'

export type ProvisioningStatus = 'unknown' | 'provisioning' | 'provisioned' | 'deprovisioning' | 'error'
export type HealthStatus = 'unknown' | 'healthy' | 'degraded' | 'error'

/** Provisioning follows from timestamps, so it is right on every read and after a restart. */
export function provisioningStatus(meta: ResourceMeta, now: number): ProvisioningStatus {
  if (meta.goneAt !== undefined) return 'deprovisioning'
  if (meta.failed) return 'error'
  return now >= meta.readyAt ? 'provisioned' : 'provisioning'
}

export function healthStatus(meta: ResourceMeta, now: number): HealthStatus {
  if (meta.failed) return 'error'
  if (meta.goneAt !== undefined) return 'unknown'
  return now >= meta.readyAt ? 'healthy' : 'unknown'
}

export function isReady(meta: ResourceMeta, now: number): boolean {
  return !meta.failed && meta.goneAt === undefined && now >= meta.readyAt
}

export function powerState(power: PowerRecord, now: number): PowerState {
  if (power.settlesAt !== undefined && power.settlesTo !== undefined && now >= power.settlesAt) return power.settlesTo
  return power.phase
}

/** A transition through `phase` that settles into `to` after `delayMs`. */
export function transition(phase: PowerState, to: PowerState, now: number, delayMs: number): PowerRecord {
  return delayMs <= 0 ? { phase: to } : { phase, settlesAt: now + delayMs, settlesTo: to }
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
