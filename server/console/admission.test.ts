import { describe, expect, it } from 'vitest'
import { Admission, type Priority } from './admission.ts'
import { GradientLimit } from './concurrency-limit.ts'

/** A clock the test moves. */
function clock() {
  let at = 0
  return { now: () => at, pass: (ms: number) => (at += ms) }
}

/** Admits a request and starts it at once, as its turn came (turns.ts). */
const started = (admission: Admission, priority: Priority, session?: string) => {
  const admitted = admission.admit(priority, session)
  admitted.started?.()
  return admitted
}

describe('admission control', () => {
  it('refuses background reads first, then page reads, and never essential requests', () => {
    const admission = new Admission({ min: 8, max: 8 })
    const held = Array.from({ length: 6 }, () => started(admission, 'page'))
    // Six of eight: past three quarters, a background read is refused and a page read is not.
    expect(admission.admit('background').refused).toEqual({ retryAfterSeconds: 3, reason: 'busy' })
    held.push(started(admission, 'page'), started(admission, 'page'))
    expect(admission.admit('page').refused).toEqual({ retryAfterSeconds: 1, reason: 'busy' })
    // Sign-ins, writes and the probes are taken at the limit, and count towards it once started.
    const essential = started(admission, 'essential')
    expect(essential.refused).toBeUndefined()
    expect(admission.working).toBe(9)
    essential.release!()
    held[0]!.release!()
    expect(admission.admit('page').refused).toBeUndefined()
  })

  it("leaves the reads waiting for their turn to the wait bound: a stall's backlog does not fill the limit", () => {
    const queue = { targetMs: 250, expectedWaitMs: 0, uncrowdedWaitMs: 0, length: 0 }
    // A limit of eight (four times the floor) below a ceiling of 64.
    const admission = new Admission({ min: 2, max: 64, queue })
    // A collector's pause: thirty reads came meanwhile, read in one go, none started yet. The next turns clear them
    // within the wait bound: none is refused.
    const backlog = Array.from({ length: 30 }, (_, n) => {
      Object.assign(queue, { length: n, expectedWaitMs: n, uncrowdedWaitMs: n })
      return admission.admit('page', `session-${n}`)
    })
    expect(backlog.filter((one) => one.refused)).toEqual([])
    // Started, they are the limit's: eight under way at once, and the next read is refused.
    for (const one of backlog.slice(0, 8)) one.started!()
    expect(admission.admit('page').refused).toEqual({ retryAfterSeconds: 1, reason: 'busy' })
    // One given up before its turn (its browser went away) leaves the queue; one answered frees a place.
    backlog[29]!.release!()
    backlog[0]!.release!()
    expect(admission.admit('page').refused).toBeUndefined()
  })

  it("holds a session to its share once the process is half full, and lets the others' reads in", () => {
    const admission = new Admission({ min: 40, max: 40 })
    const quiet = Array.from({ length: 19 }, (_, n) => admission.admit('page', `quiet-${n}`))
    expect(quiet.every((one) => !one.refused)).toBe(true)
    // Below half the limit a lone session may hold more than its share.
    const noisy = Array.from({ length: 32 }, () => admission.admit('page', 'noisy'))
    const refused = noisy.filter((one) => one.refused)
    // 19 quiet and one noisy session hold requests: a share is two of forty. The noisy one got in while the process
    // was under half full (one), then up to its share.
    expect(noisy.length - refused.length).toBe(2)
    expect(refused.every((one) => one.refused?.reason === 'share')).toBe(true)
    // Every other session still gets in, up to the limit itself.
    const more = Array.from({ length: 19 }, (_, n) => admission.admit('page', `late-${n}`))
    expect(more.every((one) => !one.refused)).toBe(true)
    expect(admission.admit('page', 'late-one-more').refused?.reason).toBe('busy')
  })

  it('refuses a read that would wait for its turn past the target, background sooner, once a few wait', () => {
    const queue = { targetMs: 250, expectedWaitMs: 900, uncrowdedWaitMs: 900, length: 15 }
    const admission = new Admission({ min: 64, max: 64, queue })
    // A stall: the few reads behind it would wait long, but the next turns clear them.
    expect(admission.admit('background').refused).toBeUndefined()
    expect(admission.admit('page').refused).toBeUndefined()
    // Sixteen wait: background reads go once they would wait 0.4 of the target, page reads at the target.
    Object.assign(queue, { expectedWaitMs: 100, uncrowdedWaitMs: 100, length: 16 })
    expect(admission.admit('background').refused).toEqual({ retryAfterSeconds: 3, reason: 'busy' })
    expect(admission.admit('page').refused).toBeUndefined()
    Object.assign(queue, { expectedWaitMs: 250, uncrowdedWaitMs: 250 })
    expect(admission.admit('page').refused).toEqual({ retryAfterSeconds: 1, reason: 'busy' })
    // A sign-in or a write never waits in that queue, and is never refused for it.
    expect(admission.admit('essential').refused).toBeUndefined()
    Object.assign(queue, { expectedWaitMs: 50, uncrowdedWaitMs: 50 })
    expect(admission.admit('page').refused).toBeUndefined()
  })

  it("puts a crowded session's reads behind every other's, and refuses them for that wait", () => {
    // Past the target only behind the crowded sessions' reads.
    const queue = { targetMs: 250, expectedWaitMs: 400, uncrowdedWaitMs: 100, length: 40 }
    const admission = new Admission({ min: 64, max: 64, queue })
    // A page asks a few at once: its fifth read is still not crowded, nor refused.
    const page = Array.from({ length: 4 }, () => admission.admit('page', 'browser'))
    expect(page.every((one) => !one.refused)).toBe(true)
    expect(admission.crowded('browser')).toBe(false)
    expect(admission.admit('page', 'script').refused).toBeUndefined()
    for (let n = 0; n < 3; n++) admission.admit('page', 'script')
    expect(admission.crowded('script')).toBe(false)
    // The script's fifth would start behind every other read: it waits past the target, so it is refused.
    expect(admission.admit('page', 'script').refused).toEqual({ retryAfterSeconds: 1, reason: 'busy' })
    expect(admission.admit('page', 'another-browser').refused).toBeUndefined()
    // With no such wait, the script's reads are taken, and start behind the others'.
    queue.expectedWaitMs = 100
    expect(admission.admit('page', 'script').refused).toBeUndefined()
    expect(admission.crowded('script')).toBe(true)
  })

  it('adapts its limit to the time a read takes here: not to its wait for a turn, nor to its wait on the platform', () => {
    const time = clock()
    const admission = new Admission({ min: 4, max: 100, now: time.now })
    // Reads that take 5 ms of this process's time, with it using its whole limit: first with no wait, then waiting
    // 200 ms each for a turn (a queue the wait bound keeps short, apart from the limit), then 300 ms on a platform
    // called twice at once.
    const windows = (count: number, waitMs: number, platformMs: number) => {
      for (let window = 0; window < count; window++) {
        const held = Array.from({ length: admission.limit }, () => admission.admit('page'))
        time.pass(waitMs)
        for (const one of held) one.started!()
        const calls = held.flatMap((one) => [one.awaiting!(), one.awaiting!()])
        time.pass(platformMs)
        for (const answered of calls) answered()
        time.pass(5)
        for (const one of held) one.release!()
        time.pass(100)
      }
    }
    windows(20, 0, 0)
    const first = admission.limit
    windows(20, 200, 0)
    const second = admission.limit
    expect(second).toBeGreaterThan(first)
    windows(20, 0, 300)
    expect(admission.limit).toBeGreaterThan(second)
  })

  it('takes reads waiting on a slow platform beyond its limit, up to its ceiling, and limits the rest as before', () => {
    const admission = new Admission({ min: 8, max: 40 })
    const calls: (() => void)[] = []
    // A slow platform: each admitted read has its call out at once, and this process does nothing for it meanwhile.
    const waiting = Array.from({ length: 39 }, () => {
      const one = started(admission, 'page')
      calls.push(one.awaiting!())
      return one
    })
    expect(waiting.every((one) => !one.refused)).toBe(true)
    expect(admission.limit).toBeLessThan(39)
    // The ceiling bounds them all the same: a platform that hangs does not hold this process's memory without end.
    const last = started(admission, 'page')
    last.awaiting!()
    expect(admission.admit('page').refused?.reason).toBe('busy')
    // Their answers come: this process works on them, and its own limit holds again, below the ceiling.
    last.release!()
    for (const answered of calls) answered()
    expect(admission.admit('page').refused?.reason).toBe('busy')
    for (const one of waiting) one.release!()
    expect(admission.admit('page').refused).toBeUndefined()
  })

  it("refuses a session's reads the test hook names, and then no more", () => {
    const admission = new Admission({ min: 8, max: 8 })
    admission.refuseNext('s', 2)
    expect(admission.admit('page', 's').refused).toBeDefined()
    expect(admission.admit('essential', 's').refused).toBeUndefined()
    expect(admission.admit('background', 's').refused).toBeDefined()
    expect(admission.admit('page', 's').refused).toBeUndefined()
    expect(admission.admit('page', 'other').refused).toBeUndefined()
  })
})

describe('the adaptive limit', () => {
  const windowOf = (limit: GradientLimit, ms: number, inFlight: number) => {
    for (let n = 0; n < 20; n++) limit.sample(ms, inFlight)
  }

  it('grows while latency holds and the limit is used, and shrinks as latency rises', () => {
    const time = clock()
    const limit = new GradientLimit({ initial: 20, min: 4, max: 100, windowSamples: 20, windowMs: 0 }, time.now)
    for (let n = 0; n < 200; n++) windowOf(limit, 5, limit.limit)
    const grown = limit.limit
    expect(grown).toBe(100)
    // Queueing: the same requests now wait four times as long.
    for (let n = 0; n < 15; n++) windowOf(limit, 20, limit.limit)
    expect(limit.limit).toBeLessThan(grown / 2)
    expect(limit.limit).toBeGreaterThanOrEqual(4)
  })

  it('stays as it is while the process uses less than half of it', () => {
    const limit = new GradientLimit({ initial: 40, min: 4, max: 100, windowSamples: 20, windowMs: 0 })
    for (let n = 0; n < 30; n++) windowOf(limit, 5, 3)
    expect(limit.limit).toBe(40)
  })
})
