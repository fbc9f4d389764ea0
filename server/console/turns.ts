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
 * Whether the queue is behind is judged as CoDel judges a router's queue: by the wait of the reads it starts, and
 * only once every read started for a while had waited past the target. A stall alone (a collection, a neighbour
 * taking the core) leaves a few reads that waited long, which the next turns clear; refusing for it would refuse
 * reads that were about to be served.
 */
export class TurnQueue {
  private readonly waiting: { begin: () => void; since: number }[] = []
  private head = 0
  private scheduled = false
  private behindSince: number | undefined

  /** `targetMs`: the wait for a turn past which a read started late (ADMISSION_QUEUE_WAIT_MS). */
  constructor(
    readonly targetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get length(): number {
    return this.waiting.length - this.head
  }

  /** How long the read at the head of the queue has waited (ms); 0 when none waits. */
  get oldestWaitMs(): number {
    const oldest = this.waiting[this.head]
    return oldest ? this.now() - oldest.since : 0
  }

  /** How long every read started has waited past the target (ms), with reads still waiting; 0 when not behind. */
  get behindMs(): number {
    return this.behindSince === undefined || this.length === 0 ? 0 : this.now() - this.behindSince
  }

  /** Runs `begin` on a later turn, after every read put off before it. */
  later(begin: () => void): void {
    this.waiting.push({ begin, since: this.now() })
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
    if (this.length > 0) setImmediate(this.next)
    else this.scheduled = false
    if (!first) return
    const late = this.now() - first.since >= this.targetMs
    if (!late || this.length === 0) this.behindSince = undefined
    else this.behindSince ??= this.now()
    first.begin()
  }
}
