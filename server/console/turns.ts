/**
 * Reads the console may put off start one per turn of the event loop, in the order they came.
 *
 * Node (libuv since 1.45) accepts one new connection per turn of the loop. Under load a turn used to run every read
 * that had arrived since the last one, a hundred milliseconds of work and more, and a new connection (a sign-in, a
 * tab just opened) waited in the kernel for as many turns as it took to be accepted; so did every refusal, which is
 * made as a request is read. Put off here, a read waits in this queue instead, counted by admission control like any
 * request under way, and each turn stays as short as one read: the next connection is accepted, the next refusal
 * answered, and sign-ins and writes, never put off, run on the turn they arrive.
 */
export class TurnQueue {
  private readonly waiting: { begin: () => void; since: number }[] = []
  private head = 0
  private scheduled = false

  constructor(private readonly now: () => number = () => performance.now()) {}

  get length(): number {
    return this.waiting.length - this.head
  }

  /** How long the read at the head of the queue has waited (ms); 0 when none waits. */
  get oldestWaitMs(): number {
    const oldest = this.waiting[this.head]
    return oldest ? this.now() - oldest.since : 0
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
    first?.begin()
  }
}
