/**
 * A concurrency limit that follows measured latency, after Netflix's Gradient2 (concurrency-limits, `Gradient2Limit`):
 * each window of answers gives a short-term latency, compared with a slow average of the same; while the short one
 * stays within `tolerance` of the long one the limit grows by a small queue allowance, and as it rises past that the
 * limit shrinks in proportion, so requests wait in the process for little more than their usual time. A limit far
 * below what the process uses (it answers everything quickly) is not grown further: the latency then says nothing.
 * No JavaScript package of this kind is kept up (npm has none with releases in the last years); this is the
 * algorithm's own few lines.
 */
export interface LimitOptions {
  initial: number
  min: number
  max: number
  /** How much above the long-term latency the short-term one may rise before the limit shrinks (Gradient2: 1.5). */
  tolerance?: number
  /** The share of each new estimate taken into the limit (Gradient2: 0.2). */
  smoothing?: number
  /** Windows the long-term average spans (Gradient2: 600). */
  longWindows?: number
  /** A window closes after this many answers and this long, whichever comes last. */
  windowSamples?: number
  windowMs?: number
}

export class GradientLimit {
  private estimate: number
  private longMs = 0
  private longCount = 0
  private sumMs = 0
  private samples = 0
  private peakInFlight = 0
  private windowStart: number
  private readonly tolerance: number
  private readonly smoothing: number
  private readonly longWindows: number
  private readonly windowSamples: number
  private readonly windowMs: number

  constructor(
    private readonly options: LimitOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.estimate = options.initial
    this.tolerance = options.tolerance ?? 1.5
    this.smoothing = options.smoothing ?? 0.2
    this.longWindows = options.longWindows ?? 600
    this.windowSamples = options.windowSamples ?? 20
    this.windowMs = options.windowMs ?? 100
    this.windowStart = now()
  }

  get limit(): number {
    return Math.floor(this.estimate)
  }

  /** The latency the limit holds to (ms), for the metrics: the long-term average. */
  get baselineMs(): number {
    return this.longMs
  }

  /** One answer: how long it took, and how many were in flight as it began. */
  sample(latencyMs: number, inFlight: number) {
    this.sumMs += latencyMs
    this.samples++
    this.peakInFlight = Math.max(this.peakInFlight, inFlight)
    const at = this.now()
    if (this.samples < this.windowSamples || at - this.windowStart < this.windowMs) return
    const shortMs = this.sumMs / this.samples
    const inFlightPeak = this.peakInFlight
    this.sumMs = 0
    this.samples = 0
    this.peakInFlight = 0
    this.windowStart = at
    this.update(shortMs, inFlightPeak)
  }

  private update(shortMs: number, inFlight: number) {
    // The long average warms up as a plain mean over its first windows, then decays.
    this.longCount = Math.min(this.longCount + 1, this.longWindows)
    this.longMs += (shortMs - this.longMs) / this.longCount
    // After a long overload the average is far above today's latency: it comes down faster than it went up.
    if (this.longMs / shortMs > 2) this.longMs *= 0.95
    // Using less than half the limit: the latency measured nothing of it.
    if (inFlight < this.estimate / 2) return
    const gradient = Math.max(0.5, Math.min(1, (this.tolerance * this.longMs) / shortMs))
    const queue = Math.sqrt(this.estimate)
    const next = this.estimate * gradient + queue
    this.estimate = this.estimate * (1 - this.smoothing) + next * this.smoothing
    this.estimate = Math.max(this.options.min, Math.min(this.options.max, this.estimate))
  }
}
