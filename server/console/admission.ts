import { GradientLimit } from './concurrency-limit.ts'
import type { TurnQueue } from './turns.ts'

/**
 * What a request may wait for, in the order the console gives it up under load:
 * - `background`: a refresh of what the page already shows, a prefetch (the SPA says so in X-Console-Priority);
 * - `page`: a page's first screen, a list, an item the user opened;
 * - `essential`: never refused here: sign-in, session renewal and sign-out, every write, health and readiness.
 */
export type Priority = 'essential' | 'page' | 'background'

/** Why a request was refused, and when to ask again. */
export interface Refusal {
  retryAfterSeconds: number
  /** `busy`: the process is at its limit; `share`: this session holds its share of a full process. */
  reason: 'busy' | 'share'
}

/**
 * A request's time waiting on the platform: `awaiting()` as a call is sent, and the function it returns as its answer's
 * headers come. Calls at once (a first screen's reads) count once.
 */
export interface UpstreamClock {
  awaiting: () => () => void
}

export type Admitted =
  | ({ release: () => void; started: () => void; refused?: undefined } & UpstreamClock)
  | { refused: Refusal; release?: undefined; started?: undefined; awaiting?: undefined }

// Background reads give up their place first: they are refused once the process holds this share of its limit.
const BACKGROUND_SHARE = 0.75
// From this share of the limit on, one session holds no more than its fair part of it.
const SATURATED_SHARE = 0.5
// However many sessions share the process, each may hold this many at once.
const MIN_SHARE = 2
const RETRY_AFTER = { page: 1, background: 3 } as const
// A read is refused when it would wait for its turn (turns.ts) past the target (a background read: this share of it),
// once this many wait: a few reads behind a stall are cleared by the next turns, and refusing them would refuse reads
// about to be served.
const BACKGROUND_WAIT_SHARE = 0.4
const MIN_WAITING = 16
// A session holding more than this many is crowded: its reads wait for their turn behind every other session's. A
// page asks a few at once; a script asks dozens.
const CROWDED = 4

export interface AdmissionOptions {
  /** The adaptive limit's floor and ceiling (ADMISSION_MIN_LIMIT, ADMISSION_MAX_LIMIT). */
  min: number
  max: number
  now?: () => number
  /** The reads waiting for their turn (turns.ts). */
  queue?: Pick<TurnQueue, 'expectedWaitMs' | 'uncrowdedWaitMs' | 'length' | 'targetMs'>
  /** How late the event loop runs now (loop-delay.ts): an answer that came meanwhile waited on this process. */
  lateness?: () => number
}

/**
 * The console process's admission control: one concurrency limit over the requests it has started on itself (not those
 * waiting for their turn, nor those waiting on the platform), adapted to the latency of the reads it admits, less their
 * wait on the platform (`GradientLimit`). A slow platform is not a full console: counted in, its wait shrank the limit
 * and refused pages with the console's core a quarter busy (signals.bench.ts). Nor is a stall: the reads a collector's
 * pause left waiting for their turn, counted in, filled the limit, and the console refused pages the next turns would
 * have served well within the wait bound (load-held.bench.ts). Past the limit a read is refused at once, 503 with
 * Retry-After, rather than queued: a queue without bound is what made every page slow at once. Essential requests are
 * always taken and count towards the limit once started; a read is refused too when it would wait for its turn
 * (turns.ts) past the target, the wait that used to pass unseen in the kernel; background reads are refused before
 * page reads; a crowded session's reads wait behind everyone else's; and once the process is half full, a session
 * holding its share (the limit over the sessions with requests under way) is refused before anyone else, so one
 * script firing dozens at once does not slow everyone else's pages.
 */
export class Admission {
  private inFlight = 0
  // Of those, the requests waiting on the platform, which cost this process nothing until their answers come.
  private awaitingPlatform = 0
  // And those waiting for their turn (turns.ts), not started: the wait bound holds them, not the limit.
  private waitingTurn = 0
  private readonly max: number
  private readonly bySession = new Map<string, number>()
  private readonly forced = new Map<string, number>()
  private readonly gradient: GradientLimit
  private readonly now: () => number
  private readonly queue?: Pick<TurnQueue, 'expectedWaitMs' | 'uncrowdedWaitMs' | 'length' | 'targetMs'>
  private readonly lateness: () => number

  constructor(options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now())
    this.queue = options.queue
    this.lateness = options.lateness ?? (() => 0)
    this.max = options.max
    const initial = Math.min(options.max, Math.max(options.min, 4 * options.min))
    this.gradient = new GradientLimit({ initial, min: options.min, max: options.max }, this.now)
  }

  get limit(): number {
    return this.gradient.limit
  }

  get working(): number {
    return this.inFlight
  }

  /** The requests this process holds for itself: those under way less those waiting on the platform. */
  private get own(): number {
    return this.inFlight - this.awaitingPlatform
  }

  /** Of those, the ones it has started on: the adaptive limit's. */
  private get underWay(): number {
    return this.own - this.waitingTurn
  }

  /** A place for the request, with its release once answered in full; or why not. */
  admit(priority: Priority, session?: string): Admitted {
    if (priority !== 'essential') {
      const refusal = this.refusal(priority, session)
      if (refusal) return { refused: refusal }
    }
    let began = this.now()
    ++this.inFlight
    ++this.waitingTurn
    let waiting = true
    let startedWith = this.underWay
    const leaveTheQueue = () => {
      if (!waiting) return
      waiting = false
      this.waitingTurn--
    }
    if (session) this.bySession.set(session, (this.bySession.get(session) ?? 0) + 1)
    let released = false
    // The time the request had a call out to the platform, less how late this loop ran as the last answer came.
    let outstanding = 0
    let since = 0
    let upstreamMs = 0
    return {
      // The limit follows the time a request takes once started: its wait for a turn is bounded apart.
      started: () => {
        began = this.now()
        leaveTheQueue()
        startedWith = this.underWay
      },
      awaiting: () => {
        if (outstanding++ === 0 && !released) {
          since = this.now()
          this.awaitingPlatform++
        }
        let answered = false
        return () => {
          if (answered) return
          answered = true
          if (--outstanding > 0 || released) return
          upstreamMs += Math.max(0, this.now() - since - this.lateness())
          this.awaitingPlatform--
        }
      },
      release: () => {
        if (released) return
        released = true
        this.inFlight--
        leaveTheQueue()
        // Given up with a call still out (the browser went away): it no longer waits here.
        if (outstanding > 0) this.awaitingPlatform--
        if (session) {
          const left = this.bySession.get(session)! - 1
          if (left) this.bySession.set(session, left)
          else this.bySession.delete(session)
        }
        // Writes and sign-ins wait on the platform and the identity provider: their time says nothing of this process.
        if (priority !== 'essential') this.gradient.sample(Math.max(0, this.now() - began - upstreamMs), startedWith)
      },
    }
  }

  /** Whether the session holds more than a page asks at once: its reads then start after every other's (turns.ts). */
  crowded(session: string | undefined): boolean {
    return session !== undefined && (this.bySession.get(session) ?? 0) > CROWDED
  }

  /** For end-to-end tests only (the local cloud's test hooks): the next `count` reads of `session` are refused. */
  refuseNext(session: string, count: number) {
    if (count > 0) this.forced.set(session, count)
    else this.forced.delete(session)
  }

  private refusal(priority: 'page' | 'background', session: string | undefined): Refusal | undefined {
    const retryAfterSeconds = RETRY_AFTER[priority]
    const forced = session ? this.forced.get(session) : undefined
    if (forced && session) {
      this.refuseNext(session, forced - 1)
      return { retryAfterSeconds, reason: 'busy' }
    }
    const limit = this.gradient.limit
    const ceiling = priority === 'background' ? limit * BACKGROUND_SHARE : limit
    // The limit holds the work this process has started; the wait bound, the reads waiting for their turn; the
    // ceiling, everything, those waiting on a platform that hangs too.
    if (this.underWay >= ceiling || this.inFlight >= this.max || this.queueBehind(priority, session))
      return { retryAfterSeconds, reason: 'busy' }
    // Shared out by whichever is fuller: the process's own work, or the places held waiting on the platform.
    const [used, room] = this.own / limit >= this.inFlight / this.max ? [this.own, limit] : [this.inFlight, this.max]
    if (!session || used < room * SATURATED_SHARE) return undefined
    const held = this.bySession.get(session) ?? 0
    const share = Math.max(MIN_SHARE, Math.floor(room / Math.max(1, this.bySession.size)))
    return held >= share ? { retryAfterSeconds, reason: 'share' } : undefined
  }

  /** Whether the read would wait for its turn past the target: a crowded session's behind every other read. */
  private queueBehind(priority: 'page' | 'background', session: string | undefined): boolean {
    if (!this.queue || this.queue.length < MIN_WAITING) return false
    // Counted with this read, as it will be once admitted.
    const crowded = session !== undefined && (this.bySession.get(session) ?? 0) + 1 > CROWDED
    const wait = crowded ? this.queue.expectedWaitMs : this.queue.uncrowdedWaitMs
    return wait >= this.queue.targetMs * (priority === 'background' ? BACKGROUND_WAIT_SHARE : 1)
  }
}
