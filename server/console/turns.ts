// Enough starts to span about a second under load, so that a collector's pause (tens of milliseconds, every few
// seconds) moves the pace only a little. Over 128 starts, a tenth of a second, one pause raised the expected wait by a
// third and more: the reads read just after it, which had waited through it, were refused, and those refusals were
// the slowest (load-held.bench.ts, at 1,000 sessions).
const INTERVALS = 1024

/** A queue taken from the front without moving the rest each time. */
class Fifo {
  private readonly items: (() => void)[] = []
  private head = 0

  get length(): number {
    return this.items.length - this.head
  }

  push(item: () => void) {
    this.items.push(item)
  }

  shift(): (() => void) | undefined {
    const item = this.items[this.head]
    this.items[this.head++] = undefined as never
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head)
      this.head = 0
    }
    return item
  }
}

/**
 * Requests start one per turn of the event loop: reads the console may put off in the order they came (a crowded
 * session's after every other's), and the requests it never refuses (writes, sign-ins, health checks) before every
 * read, on the next turn.
 *
 * Node (libuv since 1.45) accepts one new connection per turn of the loop. Under load a turn used to run every read
 * that had arrived since the last one, a hundred milliseconds of work and more, and a new connection (a sign-in, a
 * tab just opened) waited in the kernel for as many turns as it took to be accepted; so did every refusal, which is
 * made as a request is read. Put off here, a read waits in this queue instead, counted by admission control like any
 * request under way, and each turn stays as short as one start: the next connection is accepted, the next refusal
 * answered. The requests never refused ran on the turn they were read until issue 77's load showed what that cost:
 * those read together ran together, and refusals read behind them waited for all of them. First in line, they still
 * start on the next turn.
 *
 * How long a read just put off would wait is the queue's length times the time between starts while requests wait
 * (`expectedWaitMs`), averaged over the last starts, so admission control can refuse the next read at once rather than
 * let it wait past the target. Judged by the wait of the reads started instead, the queue swung: it filled until its
 * oldest had waited the target, then every read was refused until it had drained, and the reads admitted in between
 * waited up to four times the target (the load-held bench at twice the capacity).
 */
export class TurnQueue {
  private readonly waiting = new Fifo()
  // Reads of a session that already holds many (admission.ts `crowded`): each starts once no other read waits, so a
  // script firing dozens at once waits behind everyone else's pages, not they behind it (bench/noisy-session.bench.ts).
  private readonly crowded = new Fifo()
  // The requests never refused: few at once (a write in some twenty requests), so taken from the front as they are.
  private readonly first: (() => void)[] = []
  private scheduled = false
  // The last INTERVALS times between one start and the next while requests waited, in a ring.
  private readonly intervals = new Float64Array(INTERVALS)
  private intervalCount = 0
  private intervalSum = 0
  private lastStart: number | undefined

  /** `targetMs`: the wait for a turn past which admission control refuses a read (ADMISSION_QUEUE_WAIT_MS). */
  constructor(
    readonly targetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The requests waiting for their turn, those never refused included. */
  get length(): number {
    return this.waiting.length + this.crowded.length + this.first.length
  }

  /** How long a crowded session's read put off now would wait for its turn (ms), at the pace of the latest starts. */
  get expectedWaitMs(): number {
    return this.waitFor(this.length)
  }

  /** How long any other read put off now would wait for its turn (ms): crowded sessions' reads go after it. */
  get uncrowdedWaitMs(): number {
    return this.waitFor(this.waiting.length + this.first.length)
  }

  private waitFor(ahead: number): number {
    const filled = Math.min(this.intervalCount, INTERVALS)
    return filled === 0 ? 0 : (ahead * this.intervalSum) / filled
  }

  /** Runs `begin` on a later turn, after every read put off before it (a crowded session's: after every other). */
  later(begin: () => void, crowded = false): void {
    ;(crowded ? this.crowded : this.waiting).push(begin)
    this.schedule()
  }

  /** Runs a request never refused on a later turn: after those like it before it, before every read. */
  soon(begin: () => void): void {
    this.first.push(begin)
    this.schedule()
  }

  private schedule() {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(this.next)
  }

  // An immediate set from within an immediate runs on the next turn, after that turn's I/O: one start a turn.
  private readonly next = () => {
    const begin = this.first.shift() ?? this.waiting.shift() ?? this.crowded.shift()
    const now = this.now()
    if (this.lastStart !== undefined) this.record(now - this.lastStart)
    if (this.length > 0) {
      setImmediate(this.next)
      // The next start follows this one with no gap for want of requests: the time between them is the queue's pace.
      this.lastStart = now
    } else {
      this.scheduled = false
      this.lastStart = undefined
    }
    begin?.()
  }

  private record(ms: number) {
    const slot = this.intervalCount++ % INTERVALS
    this.intervalSum += ms - this.intervals[slot]!
    this.intervals[slot] = ms
  }
}
