import { formatNumber } from './format'

/** What a create takes of one of the organization's quotas. */
export interface QuotaUse {
  /** The platform's quota kind: `networks`, `servers`, `gpus`, `filestorage`. */
  kind: string
  /** How much the create takes. */
  amount: number
  /** What the quota counts, one and many: `['network', 'networks']`, `['GiB', 'GiB']`. */
  unit: readonly [one: string, many: string]
  /** What would pass the quota, as its sentence starts: "This network", "This size", "This flavor's 8 GPUs". */
  what: string
}

/** One quota as the identity service reports it. */
interface Quota {
  kind: string
  quantity: number
  used: number
}

/** What a create form says of the quotas it uses: what is left of each, or that the request would pass one. */
export interface QuotaFit {
  over: boolean
  says: string
}

/**
 * What is left of each quota `uses` names, or the first one the create would pass. The platform allocates against the
 * quotas and refuses a create past one, whatever the console said; said before sending, the admin can choose less or
 * free some first. Undefined where the platform reports none of these quotas.
 */
export function quotaFit(quotas: readonly Quota[], uses: readonly QuotaUse[]): QuotaFit | undefined {
  const found = uses.flatMap((use) => {
    const quota = quotas.find((q) => q.kind === use.kind)
    return quota ? [{ use, quota, left: Math.max(quota.quantity - quota.used, 0) }] : []
  })
  if (found.length === 0) return undefined
  const counted = ({ use, quota, left }: (typeof found)[number]) =>
    `${formatNumber(left)} of ${formatNumber(quota.quantity)} ${quota.quantity === 1 ? use.unit[0] : use.unit[1]}`
  const over = found.find((f) => f.use.amount > f.left)
  if (over)
    return {
      over: true,
      says: `${over.use.what} would exceed the organization's quota: ${counted(over)} left. The platform refuses it; free some first, or ask the platform provider for a larger quota.`,
    }
  return {
    over: false,
    says: `Left in the organization's ${found.length > 1 ? 'quotas' : 'quota'}: ${found.map(counted).join(', ')}.`,
  }
}
