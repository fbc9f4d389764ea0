import { createHash } from 'node:crypto'
import { ConsoleError } from './errors.ts'
import { RateLimiter } from './rate-limit.ts'
import type { SessionStore } from './sessions.ts'

/**
 * Who a sign-in speaks for, as far as the console can tell: the person (`sub`) for OpenID Connect, else the token
 * itself (a pasted or demo token is opaque to the console; the same token pasted again is the same principal). Kept
 * only as a hash.
 */
export function principalOf(fields: { token: string; principal?: string }): string {
  return fields.principal ?? `token:${createHash('sha256').update(fields.token).digest('base64url')}`
}

export function oidcPrincipal(subject: string): string {
  return `oidc:${subject}`
}

/**
 * Sign-ins per minute, per client address and per principal, each a token bucket of SIGNINS_PER_MINUTE: one address
 * pasting tokens, or one token pasted from many addresses, is slowed to that pace; and per organization of a pasted
 * token (`admitHolder`), so minting tokens does not lift it either. The buckets are in the shared
 * session store when it keeps them (Redis: the limits hold across replicas), else in this process. The demo button's
 * own per-address limit is DEMO_SIGNINS_PER_MINUTE; its principal counts here.
 */
export class SignInLimits {
  private readonly take: (key: string) => Promise<number>
  private readonly takeForHolder: (key: string) => Promise<number>

  constructor(
    perMinute: number,
    store: SessionStore,
    now: (() => number) | undefined,
    perOrganizationPerMinute: number,
  ) {
    const local = new RateLimiter(perMinute, now)
    const holders = new RateLimiter(perOrganizationPerMinute, now)
    this.take = store.takeToken
      ? (key) => store.takeToken!(`sign-in:${key}`, perMinute)
      : async (key) => local.take(key)
    this.takeForHolder = store.takeToken
      ? (key) => store.takeToken!(`sign-in:${key}`, perOrganizationPerMinute)
      : async (key) => holders.take(key)
  }

  /**
   * Counts a token's sign-in against its organizations (SIGNINS_PER_MINUTE_PER_ORGANIZATION): many tokens of one
   * organization, pasted from as many addresses, are slowed together. Throws 429 with Retry-After past it.
   */
  async admitHolder(holder: string): Promise<void> {
    const wait = await this.takeForHolder(holder)
    if (wait > 0) throw tooMany("for this token's organization", wait)
  }

  /** Counts a sign-in from `client` (when given) as `principal`; throws 429 with Retry-After past either limit. */
  async admit(client: string | undefined, principal: string): Promise<void> {
    const clientWait = client === undefined ? 0 : await this.take(`client:${client}`)
    if (clientWait > 0) throw tooMany(`from this address`, clientWait)
    const principalWait = await this.take(principal)
    if (principalWait > 0)
      throw tooMany(principal.startsWith('oidc:') ? 'as this person' : 'with this token', principalWait)
  }
}

function tooMany(what: string, wait: number): ConsoleError {
  return new ConsoleError(429, 'too_many_requests', `Too many sign-ins ${what}. Try again in ${wait} s.`, {
    'Retry-After': String(wait),
  })
}
