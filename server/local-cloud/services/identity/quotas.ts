import { ANY_MEMBER } from '../../platform/requirement.ts'
import { route, type Handler } from '../../platform/context.ts'
import { limitOf, QUOTA_KINDS } from './allocations.ts'
import { pathOrganization } from './organizations.ts'

/**
 * The organization's quotas (`GET {identity}/api/v1/organizations/{organizationID}/quotas`), in the platform's
 * quotasRead shape: each limit and what the organization's allocations take of it (`allocations.ts`).
 */
const listQuotas: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const quotas = QUOTA_KINDS.map((quota) => {
    const { kind, displayName, description, used } = quota
    const quantity = limitOf(ctx.store, org.id, quota)
    const count = used(ctx.store, org.id)
    return {
      kind,
      quantity,
      used: count,
      free: Math.max(quantity - count, 0),
      committed: count,
      reserved: 0,
      displayName,
      description,
      default: quota.quantity,
    }
  })
  return { status: 200, body: { quotas } }
}

const org = '/api/v1/organizations/:organizationID'
/** An organization's quotas. */
export const quotaRoutes = [route('GET', `${org}/quotas`, ANY_MEMBER, listQuotas)]
