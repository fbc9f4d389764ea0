import { invalidRequest } from '../../platform/errors.ts'
import { booleanQuery } from '../../platform/filters.ts'
import { NAME_PATTERN } from '../../platform/validate.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'

/**
 * How NKS resources move by themselves: everything follows from timestamps, so a read is right whenever it comes and
 * after a restart, as the rest of the local cloud's lifecycle (`platform/lifecycle.ts`).
 */

type NksProvisioning = 'pending' | 'provisioning' | 'provisioned' | 'deprovisioning' | 'error'
type NksHealth = 'unknown' | 'healthy' | 'degraded' | 'error'
type ProvisioningReason =
  | 'Provisioning'
  | 'Provisioned'
  | 'Errored'
  | 'Deprovisioning'
  | 'DependencyNotReady'
  | 'DependencyFailed'

/** What the metadata says of where a resource is: the coarse statuses and their details (reason, message). */
export interface Phase {
  provisioning: NksProvisioning
  provisioningReason: ProvisioningReason
  provisioningMessage: string
  health: NksHealth
  healthMessage: string
}

/** The project-scoped read metadata of the NKS document, with its generation and the status details. */
export function nksMetadata(
  record: { meta: ResourceMeta; organizationId: string; projectId: string; generation: number },
  phase: Phase,
) {
  const { meta } = record
  const healthReason = phase.health === 'healthy' ? 'Healthy' : phase.health === 'unknown' ? 'Unknown' : 'Degraded'
  return {
    id: meta.id,
    generation: record.generation,
    name: meta.name,
    ...(meta.description !== undefined && { description: meta.description }),
    ...(meta.tags !== undefined && { tags: meta.tags }),
    organizationId: record.organizationId,
    projectId: record.projectId,
    creationTime: meta.creationTime,
    createdBy: meta.createdBy,
    ...(meta.modifiedTime !== undefined && { modifiedTime: meta.modifiedTime, modifiedBy: meta.modifiedBy }),
    ...(meta.deletionTime !== undefined && { deletionTime: meta.deletionTime }),
    provisioningStatus: phase.provisioning,
    provisioningStatusDetail: { reason: phase.provisioningReason, message: phase.provisioningMessage },
    healthStatus: phase.health,
    healthStatusDetail: { reason: healthReason, message: phase.healthMessage },
  }
}

export interface Replicas {
  current: number
  ready: number
  /** The next moment either count moves (infinity once converged). */
  changesAt: number
}

/**
 * Workers converging from `from` to `to` between `start` and `end`: one machine at a time, evenly spaced. Scaling up,
 * a machine is current when created and ready one step later; scaling down, it stops counting at once.
 */
export function converge(from: number, to: number, start: number, end: number, now: number): Replicas {
  const steps = Math.abs(to - from)
  if (steps === 0 || now >= end || end <= start) return { current: to, ready: to, changesAt: Infinity }
  const slot = (end - start) / (steps + 1)
  const k = Math.max(0, Math.floor((now - start) / slot))
  const sign = Math.sign(to - from)
  const current = from + sign * Math.min(k, steps)
  const ready = sign > 0 ? from + Math.max(0, Math.min(k - 1, steps)) : current
  return { current, ready, changesAt: start + (k + 1) * slot }
}

/** `?name=`, `?provisioningStatus=`, `?healthStatus=` and `?deleting=` of the NKS lists, read once per request. */
export function statusFilters(query: URLSearchParams) {
  const names = query.getAll('name')
  const provisioning = query.getAll('provisioningStatus')
  const health = query.getAll('healthStatus')
  const bad = (name: string) =>
    invalidRequest(`parameter "${name}" in query has an error: value is not one of the allowed values`)
  const PROVISIONING = ['pending', 'provisioning', 'provisioned', 'deprovisioning', 'error']
  const HEALTH = ['unknown', 'healthy', 'degraded', 'error']
  // The document gives `name` the schema of a resource name, and the platform validates a request's parameters
  // before its handler sees them: a name no resource can have is a 400, not an empty list.
  if (names.some((name) => !NAME_PATTERN.test(name)))
    throw invalidRequest(
      `parameter "name" in query has an error: string doesn't match the regular expression "${NAME_PATTERN.source}"`,
    )
  if (provisioning.some((value) => !PROVISIONING.includes(value))) throw bad('provisioningStatus')
  if (health.some((value) => !HEALTH.includes(value))) throw bad('healthStatus')
  const deleting = booleanQuery(query, 'deleting')
  return (meta: ResourceMeta, phase: Phase): boolean =>
    (names.length === 0 || names.includes(meta.name)) &&
    (provisioning.length === 0 || provisioning.includes(phase.provisioning)) &&
    (health.length === 0 || health.includes(phase.health)) &&
    (deleting === undefined || deleting === (meta.goneAt !== undefined))
}
