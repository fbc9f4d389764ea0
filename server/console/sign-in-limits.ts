import { createHash } from 'node:crypto'
import { ConsoleError } from './errors.ts'
import { RateLimiter } from './rate-limit.ts'

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
 * pasting tokens, or one token pasted from many addresses, is slowed to that pace. Per process: each replica keeps
 * its own buckets. The demo button's own per-address limit is DEMO_SIGNINS_PER_MINUTE; its principal counts here.
 */
export class SignInLimits {
  private readonly byClient: RateLimiter
  private readonly byPrincipal: RateLimiter

  constructor(perMinute: number, now?: () => number) {
    this.byClient = new RateLimiter(perMinute, now)
    this.byPrincipal = new RateLimiter(perMinute, now)
  }

  /** Counts a sign-in from `client` (when given) as `principal`; throws 429 with Retry-After past either limit. */
  admit(client: string | undefined, principal: string): void {
    const clientWait = client === undefined ? 0 : this.byClient.take(client)
    if (clientWait > 0) throw tooMany(`from this address`, clientWait)
    const principalWait = this.byPrincipal.take(principal)
    if (principalWait > 0)
      throw tooMany(principal.startsWith('oidc:') ? 'as this person' : 'with this token', principalWait)
  }
}

function tooMany(what: string, wait: number): ConsoleError {
  return new ConsoleError(429, 'too_many_requests', `Too many sign-ins ${what}. Try again in ${wait} s.`, {
    'Retry-After': String(wait),
  })
}
