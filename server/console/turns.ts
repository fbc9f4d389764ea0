// Enough starts to span a few hundred milliseconds under load, so that one stall moves the pace only a little.
const INTERVALS = 128

/**
 * Reads the console may put off start one per turn of the event loop, in the order they came.
 *
 * Node (libuv since 1.45) accepts one new connection per turn of the loop. Under load a turn used to run every read
 * that had arrived since the last one, a hundred milliseconds of work and more, and a new connection (a sign-in, a
 * tab just opened) waited in the kernel for as many turns as it took to be accepted; so did every refusal, which is
 * made as a request is read. Put off here, a read waits in this queue instead, counted by admission control like any
 * request under way, and each turn stays as short as one read: the next connection is accepted, the next refusal
 * answered, and sign-ins and writes, never put off, run on the turn they arrive.
 *
 * How long a read just put off would wait is the queue's length times the time between starts while reads wait
 * (`expectedWaitMs`), averaged over the last starts, so admission control can refuse the next read at once rather than
 * let it wait past the target. Judged by the wait of the reads started instead, the queue swung: it filled until its
 * oldest had waited the target, then every read was refused until it had drained, and the reads admitted in between
 * waited up to four times the target (the load-held bench at twice the capacity).
 */
export class TurnQueue {
  private readonly waiting: (() => void)[] = []
  private head = 0
  private scheduled = false
  // The last INTERVALS times between one start and the next while reads waited, in a ring.
  private readonly intervals = new Float64Array(INTERVALS)
  private intervalCount = 0
  private intervalSum = 0
  private lastStart: number | undefined

  /** `targetMs`: the wait for a turn past which admission control refuses a read (ADMISSION_QUEUE_WAIT_MS). */
  constructor(
    readonly targetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get length(): number {
    return this.waiting.length - this.head
  }

  /** How long a read put off now would wait for its turn (ms), at the pace reads have lately started. */
  get expectedWaitMs(): number {
    const filled = Math.min(this.intervalCount, INTERVALS)
    return filled === 0 ? 0 : (this.length * this.intervalSum) / filled
  }

  /** Runs `begin` on a later turn, after every read put off before it. */
  later(begin: () => void): void {
    this.waiting.push(begin)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(this.next)
    }
  }

  // An immediate set from within an immediate runs on the next turn, after that turn's I/O: one start a turn.
  private readonly next = () => {
    const first = this.waiting[this.head]
    this.waiting[this.head++] = undefined as never
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head)
      this.head = 0
    }
    const now = this.now()
    if (this.lastStart !== undefined) this.record(now - this.lastStart)
    if (this.length > 0) {
      setImmediate(this.next)
      // The next start follows this one with no gap for want of reads: the time between them is the queue's pace.
      this.lastStart = now
    } else {
      this.scheduled = false
      this.lastStart = undefined
    }
    first?.()
  }

  private record(ms: number) {
    const slot = this.intervalCount++ % INTERVALS
    this.intervalSum += ms - this.intervals[slot]!
    this.intervals[slot] = ms
  }
}
