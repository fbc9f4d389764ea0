/**
 * Requests each session has begun and not yet answered in full, bounded: one signed-in browser firing requests in
 * parallel (a script, a stuck retry loop) holds at most this many answers, compressors and upstream calls in this
 * process at once. A browser's own pages ask far fewer at a time; past the bound the answer is 429 with Retry-After.
 */
export const IN_FLIGHT_PER_SESSION = 32

/** Requests under way by key (a session, or a principal), each key bounded. */
export class InFlightPerSession {
  private readonly counts = new Map<string, number>()

  constructor(private readonly limit = IN_FLIGHT_PER_SESSION) {}

  /** A place for one more of `session`'s requests, and its release; undefined when the session holds all of them. */
  take(session: string): (() => void) | undefined {
    const count = this.counts.get(session) ?? 0
    if (count >= this.limit) return undefined
    this.counts.set(session, count + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = this.counts.get(session)! - 1
      if (left) this.counts.set(session, left)
      else this.counts.delete(session)
    }
  }
}
