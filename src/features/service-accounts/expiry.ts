// When a service account's token stops working, and whether the console should warn about it.

/** Tokens expiring within this many days are flagged, so there is time to rotate before a pipeline breaks. */
export const EXPIRY_WARNING_DAYS = 30

const DAY_MS = 24 * 3_600_000

export type Expiry =
  | { kind: 'unknown' }
  | { kind: 'expired'; daysAgo: number }
  | { kind: 'soon'; daysLeft: number }
  | { kind: 'ok'; daysLeft: number }

export function expiryOf(expiry: string | undefined, now: number): Expiry {
  const at = expiry ? Date.parse(expiry) : NaN
  if (Number.isNaN(at)) return { kind: 'unknown' }
  if (at <= now) return { kind: 'expired', daysAgo: Math.floor((now - at) / DAY_MS) }
  const daysLeft = Math.floor((at - now) / DAY_MS)
  return { kind: at - now <= EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : 'ok', daysLeft }
}

export function needsAttention(expiry: Expiry): boolean {
  return expiry.kind === 'expired' || expiry.kind === 'soon'
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/** "Expired 3 days ago", "Expires today", "Expires in 12 days". */
export function expiryText(expiry: Expiry): string {
  switch (expiry.kind) {
    case 'unknown':
      return 'No expiry reported'
    case 'expired':
      return expiry.daysAgo === 0 ? 'Expired today' : `Expired ${days(expiry.daysAgo)} ago`
    default:
      return expiry.daysLeft === 0 ? 'Expires today' : `Expires in ${days(expiry.daysLeft)}`
  }
}
