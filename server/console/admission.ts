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

export type Admitted =
  | { release: () => void; started: () => void; refused?: undefined }
  | { refused: Refusal; release?: undefined; started?: undefined }

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

export interface AdmissionOptions {
  /** The adaptive limit's floor and ceiling (ADMISSION_MIN_LIMIT, ADMISSION_MAX_LIMIT). */
  min: number
  max: number
  now?: () => number
  /** The reads waiting for their turn (turns.ts). */
  queue?: Pick<TurnQueue, 'expectedWaitMs' | 'length' | 'targetMs'>
}

/**
 * The console process's admission control: one concurrency limit over every request it is working on, adapted to the
 * latency of the reads it admits (`GradientLimit`). Past it a read is refused at once, 503 with Retry-After, rather
 * than queued: a queue without bound is what made every page slow at once. Essential requests are always taken and
 * count towards the limit; a read is refused too when it would wait for its turn (turns.ts) past the target, the wait
 * that used to pass unseen in the kernel; background reads are refused before page reads; and once the process is half
 * full, a session holding its share (the limit over the sessions with requests under way) is refused before anyone
 * else, so one script firing dozens at once does not slow everyone else's pages.
 */
export class Admission {
  private inFlight = 0
  private readonly bySession = new Map<string, number>()
  private readonly forced = new Map<string, number>()
  private readonly gradient: GradientLimit
  private readonly now: () => number
  private readonly queue?: Pick<TurnQueue, 'expectedWaitMs' | 'length' | 'targetMs'>

  constructor(options: AdmissionOptions) {
    this.now = options.now ?? (() => performance.now())
    this.queue = options.queue
    const initial = Math.min(options.max, Math.max(options.min, 4 * options.min))
    this.gradient = new GradientLimit({ initial, min: options.min, max: options.max }, this.now)
  }

  get limit(): number {
    return this.gradient.limit
  }

  get working(): number {
    return this.inFlight
  }

  /** A place for the request, with its release once answered in full; or why not. */
  admit(priority: Priority, session?: string): Admitted {
    if (priority !== 'essential') {
      const refusal = this.refusal(priority, session)
      if (refusal) return { refused: refusal }
    }
    let began = this.now()
    const inFlightThen = ++this.inFlight
    if (session) this.bySession.set(session, (this.bySession.get(session) ?? 0) + 1)
    let released = false
    return {
      // The limit follows the time a request takes once started: its wait for a turn is bounded apart.
      started: () => {
        began = this.now()
      },
      release: () => {
        if (released) return
        released = true
        this.inFlight--
        if (session) {
          const left = this.bySession.get(session)! - 1
          if (left) this.bySession.set(session, left)
          else this.bySession.delete(session)
        }
        // Writes and sign-ins wait on the platform and the identity provider: their time says nothing of this process.
        if (priority !== 'essential') this.gradient.sample(this.now() - began, inFlightThen)
      },
    }
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
    if (this.inFlight >= ceiling || this.queueBehind(priority)) return { retryAfterSeconds, reason: 'busy' }
    if (!session || this.inFlight < limit * SATURATED_SHARE) return undefined
    const held = this.bySession.get(session) ?? 0
    const share = Math.max(MIN_SHARE, Math.floor(limit / Math.max(1, this.bySession.size)))
    return held >= share ? { retryAfterSeconds, reason: 'share' } : undefined
  }

  private queueBehind(priority: 'page' | 'background'): boolean {
    if (!this.queue || this.queue.length < MIN_WAITING) return false
    return this.queue.expectedWaitMs >= this.queue.targetMs * (priority === 'background' ? BACKGROUND_WAIT_SHARE : 1)
  }
}
