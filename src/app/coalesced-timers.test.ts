import { describe, expect, it } from 'vitest'
import { coalescedTimeouts } from './coalesced-timers'

/** A hand-driven clock and browser timer list, counting the browser timer calls the provider makes. */
function fakeBrowser() {
  let now = 0
  let lastId = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  const calls = { set: 0, clear: 0 }
  return {
    calls,
    armed: () => timers.size,
    native: {
      setTimeout(callback: () => void, delay: number) {
        calls.set++
        timers.set(++lastId, { at: now + delay, callback })
        return lastId
      },
      clearTimeout(id: unknown) {
        calls.clear++
        timers.delete(id as number)
      },
      now: () => now,
    },
    /** Moves the clock forward, firing each browser timer that comes due, then lets the end-of-task work run. */
    async advance(ms: number) {
      // The caller's task ends first: its timer calls are settled at the end of the task.
      await Promise.resolve()
      const end = now + ms
      for (;;) {
        const next = [...timers].sort(([, a], [, b]) => a.at - b.at)[0]
        if (!next || next[1].at > end) break
        timers.delete(next[0])
        now = next[1].at
        next[1].callback()
        await Promise.resolve()
      }
      now = end
      await Promise.resolve()
    },
  }
}

describe('coalescedTimeouts', () => {
  it('fires each timeout at its own time, in order, from one browser timer per task', async () => {
    const browser = fakeBrowser()
    const timers = coalescedTimeouts(browser.native)
    const fired: string[] = []
    // What a page's first commit does: each observer clears its query's gc timer and sets a stale timer.
    const gc = [1, 2, 3].map((n) => timers.setTimeout(() => fired.push(`gc ${n}`), 300_000))
    await browser.advance(0)
    for (const id of gc) timers.clearTimeout(id)
    timers.setTimeout(() => fired.push('stale 10 s'), 10_000)
    timers.setTimeout(() => fired.push('stale 5 s'), 5_000)
    timers.setTimeout(() => fired.push('also 5 s'), 5_000)
    await browser.advance(0)

    expect(browser.calls.set + browser.calls.clear).toBeLessThanOrEqual(3)
    expect(browser.armed()).toBe(1)

    await browser.advance(4_999)
    expect(fired).toEqual([])
    await browser.advance(1)
    expect(fired).toEqual(['stale 5 s', 'also 5 s'])
    await browser.advance(5_000)
    expect(fired).toEqual(['stale 5 s', 'also 5 s', 'stale 10 s'])
    // The cleared gc timers never fire, and nothing is left armed.
    await browser.advance(300_000)
    expect(fired).toHaveLength(3)
    expect(browser.armed()).toBe(0)
  })

  it('re-arms for a timeout set from a callback, and a failing callback does not stop the others', async () => {
    const browser = fakeBrowser()
    const timers = coalescedTimeouts(browser.native)
    const fired: string[] = []
    const failures: unknown[] = []
    const onError = (error: unknown) => failures.push(error)
    process.on('uncaughtException', onError)
    try {
      timers.setTimeout(() => {
        throw new Error('boom')
      }, 100)
      timers.setTimeout(() => {
        fired.push('first')
        timers.setTimeout(() => fired.push('retry'), 1_000)
      }, 100)
      await browser.advance(100)
      expect(fired).toEqual(['first'])
      await browser.advance(999)
      expect(fired).toEqual(['first'])
      await browser.advance(1)
      expect(fired).toEqual(['first', 'retry'])
    } finally {
      await new Promise((resolve) => setImmediate(resolve))
      process.off('uncaughtException', onError)
    }
    expect(failures).toEqual([new Error('boom')])
  })

  it('drops the browser timer once every timeout is cleared', async () => {
    const browser = fakeBrowser()
    const timers = coalescedTimeouts(browser.native)
    const id = timers.setTimeout(() => {}, 1_000)
    await browser.advance(0)
    expect(browser.armed()).toBe(1)
    timers.clearTimeout(id)
    await browser.advance(0)
    expect(browser.armed()).toBe(0)
  })
})
