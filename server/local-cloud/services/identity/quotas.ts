import { ANY_MEMBER } from '../../platform/requirement.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { FLAVORS } from '../../catalog/regions.ts'
import { pathOrganization } from './organizations.ts'

/**
 * The organization's quotas (`GET {identity}/api/v1/organizations/{organizationID}/quotas`), in the platform's
 * quotasRead shape. The platform provider sets the limits; the local cloud gives every organization the same ones
 * and counts use from what the organization holds now. Nothing is autoscaled here, so all use is committed.
 */
interface QuotaKind {
  kind: string
  displayName: string
  description: string
  quantity: number
  used: (ctx: RequestContext, organizationId: string) => number
}

/** A resource counts against its quota until its deletion has completed. */
function held<T extends { meta: ResourceMeta; organizationId: string }>(items: Iterable<T>, organizationId: string) {
  return [...items].filter((item) => item.organizationId === organizationId)
}

const gpuCount = (flavorId: string) => FLAVORS.find((f) => f.id === flavorId)?.spec.gpu?.physicalCount ?? 0

const KINDS: QuotaKind[] = [
  {
    kind: 'servers',
    displayName: 'Servers',
    description: 'Compute instances, virtual and bare metal.',
    quantity: 40,
    used: (ctx, org) => held(ctx.store.instances.values(), org).length,
  },
  {
    kind: 'gpus',
    displayName: 'GPUs',
    description: 'Physical GPUs across all instances.',
    quantity: 64,
    used: (ctx, org) => held(ctx.store.instances.values(), org).reduce((sum, i) => sum + gpuCount(i.flavorId), 0),
  },
  {
    kind: 'networks',
    displayName: 'Networks',
    description: 'Layer 3 networks.',
    quantity: 20,
    used: (ctx, org) => held(ctx.store.networks.values(), org).length,
  },
  {
    kind: 'filestorage',
    displayName: 'File storage (GiB)',
    description: 'Provisioned size of all file storage.',
    quantity: 262144,
    used: (ctx, org) => held(ctx.store.fileStorage.values(), org).reduce((sum, f) => sum + f.sizeGiB, 0),
  },
]

const listQuotas: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const quotas = KINDS.map(({ kind, displayName, description, quantity, used }) => {
    const count = used(ctx, org.id)
    return {
      kind,
      quantity,
      used: count,
      free: Math.max(quantity - count, 0),
      committed: count,
      reserved: 0,
      displayName,
      description,
      default: quantity,
    }
  })
  return { status: 200, body: { quotas } }
}

const org = '/api/v1/organizations/:organizationID'
/** An organization's quotas. */
export const quotaRoutes = [route('GET', `${org}/quotas`, ANY_MEMBER, listQuotas)]
