/**
 * A token bucket per client: `perMinute` requests in a burst, refilled evenly over a minute. Buckets that are full
 * again are forgotten, so the map holds only clients seen in the last minute.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `client`; the seconds to wait when none is left, else 0. */
  take(client: string): number {
    const at = this.now()
    if (this.buckets.size > 10_000) this.forgetFull(at)
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, at }
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + ((at - bucket.at) * this.perMinute) / 60_000)
    bucket.at = at
    this.buckets.set(client, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return 0
    }
    return Math.ceil(((1 - bucket.tokens) * 60) / this.perMinute)
  }

  private forgetFull(at: number): void {
    for (const [client, bucket] of this.buckets) {
      if (bucket.tokens + ((at - bucket.at) * this.perMinute) / 60_000 >= this.perMinute) this.buckets.delete(client)
    }
  }
}
