import type { RequestContext } from '../../platform/context.ts'
import { conflict } from '../../platform/errors.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import type { Store } from '../../platform/store/store.ts'
import { FLAVORS } from '../../catalog/regions.ts'
import type { NodePoolRecord } from '../nks/node-pool-status.ts'

/**
 * The organization's quotas and what the regional services allocate against them. On the platform each service asks
 * the identity service for an allocation when a create (or a resize) is received, and the identity service refuses one
 * that would take the organization's allocations past a quota: "Allocations form slices of quotas and in total never
 * exceed the quotas" (identity v1.13.0, whose allocation operations the newest documents hide). The platform provider
 * sets the limits; the local cloud gives every organization the same ones, with room for the demo's own use and for
 * what the end-to-end tier creates, and counts use from what the organization holds now. Nothing is autoscaled here,
 * so all use is committed.
 */
export type QuotaKindName = 'servers' | 'gpus' | 'networks' | 'filestorage'

interface QuotaKind {
  kind: QuotaKindName
  displayName: string
  description: string
  quantity: number
  /** What the organization holds, leaving out the record `except` names (the one an update replaces). */
  used: (store: Store, organizationId: string, except?: string) => number
}

/** A resource counts against its quota until its deletion has completed. */
function held<T extends { meta: ResourceMeta; organizationId: string }>(
  items: Iterable<T>,
  organizationId: string,
  except?: string,
) {
  return [...items].filter((item) => item.organizationId === organizationId && item.meta.id !== except)
}

/** The physical GPUs a flavor brings (none for a CPU flavor). */
export const gpuCount = (flavorId: string) => FLAVORS.find((f) => f.id === flavorId)?.spec.gpu?.physicalCount ?? 0

/**
 * What a node pool allocates: each worker the pool asks for is a server of its flavor (the identity document's
 * allocation example is a Kubernetes cluster's `servers`), counted at the desired count, not the workers up so far, as
 * an instance counts from its create. A reservation pool allocates nothing itself: its workers are the servers of the
 * placement it makes on the reservation ("a placement consumes capacity from a reservation and drives pinned Region
 * server creation for each selected host", reservation v0.0.14), hosts the organization claimed with the reservation
 * and that a placement made directly through the reservation API takes alike, bounded by the reservation's free hosts
 * (`checkRoom`). Those servers are to be counted once, where a placement's are (the local cloud counts them in no
 * quota yet), not again here.
 */
export function poolDemand(pool: Pick<NodePoolRecord, 'provisioningMode' | 'replicas' | 'flavorId'>) {
  if (pool.provisioningMode !== 'compute' || pool.flavorId === undefined) return { servers: 0, gpus: 0 }
  return { servers: pool.replicas, gpus: pool.replicas * gpuCount(pool.flavorId) }
}

/** The organization's node pools' allocation of one kind. */
const pooled = (store: Store, org: string, kind: 'servers' | 'gpus', except?: string) =>
  held(store.nodePools.values(), org, except).reduce((sum, pool) => sum + poolDemand(pool)[kind], 0)

export const QUOTA_KINDS: readonly QuotaKind[] = [
  {
    kind: 'servers',
    displayName: 'Servers',
    description: 'Compute instances, virtual and bare metal, and Kubernetes workers.',
    quantity: 64,
    used: (store, org, except) =>
      held(store.instances.values(), org, except).length + pooled(store, org, 'servers', except),
  },
  {
    kind: 'gpus',
    displayName: 'GPUs',
    description: 'Physical GPUs across all instances and Kubernetes workers.',
    quantity: 128,
    used: (store, org, except) =>
      held(store.instances.values(), org, except).reduce((sum, i) => sum + gpuCount(i.flavorId), 0) +
      pooled(store, org, 'gpus', except),
  },
  {
    kind: 'networks',
    displayName: 'Networks',
    description: 'Layer 3 networks.',
    quantity: 32,
    used: (store, org, except) => held(store.networks.values(), org, except).length,
  },
  {
    kind: 'filestorage',
    displayName: 'File storage (GiB)',
    description: 'Provisioned size of all file storage.',
    quantity: 262144,
    used: (store, org, except) => held(store.fileStorage.values(), org, except).reduce((sum, f) => sum + f.sizeGiB, 0),
  },
]

/** The organization's limit of one kind: what its provider set for it, or the local cloud's default. */
export const limitOf = (store: Store, organizationId: string, quota: QuotaKind) =>
  store.organizations.get(organizationId)?.quotas?.[quota.kind] ?? quota.quantity

/**
 * Allocates `demand` for one resource of `organizationId` (replacing what the record `replaces` held, for an update),
 * or refuses the write. Only a kind the write grows is checked: the organization's other use stays as it was.
 *
 * The refusal: the region and compute documents name no status for it. The platform's identity service answers an
 * allocation past a quota 409 with "The requested allocation of N for KIND exceeds the allowed limit of M." (N the
 * organization's total with this one), and the regional service passes its error on; `conflict` is the code the
 * documents' error enum has for a 409.
 */
export function allocate(
  ctx: RequestContext,
  organizationId: string,
  demand: Partial<Record<QuotaKindName, number>>,
  replaces?: string,
): void {
  for (const quota of QUOTA_KINDS) {
    const wanted = demand[quota.kind] ?? 0
    if (wanted === 0) continue
    const others = quota.used(ctx.store, organizationId, replaces)
    const before = replaces === undefined ? 0 : quota.used(ctx.store, organizationId) - others
    if (wanted <= before) continue
    const total = others + wanted
    const limit = limitOf(ctx.store, organizationId, quota)
    if (total > limit)
      throw conflict(`The requested allocation of ${total} for ${quota.kind} exceeds the allowed limit of ${limit}.`)
  }
}
