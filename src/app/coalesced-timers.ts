import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query'

interface NativeTimers {
  setTimeout(callback: () => void, delay: number): unknown
  clearTimeout(id: unknown): void
  now(): number
}

const browserTimers: NativeTimers = {
  // Looked up per call, not captured at import, so that a test's fake timers apply.
  setTimeout: (callback, delay) => globalThis.setTimeout(callback, delay),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
}

/**
 * TanStack Query's timeouts (each query's stale and garbage-collection timers, retries) kept in one list behind a
 * single browser timer, armed once per task for the earliest of them.
 *
 * Opening a page subscribes a dozen observers in one commit, and each one clears its query's gc timer and sets a
 * stale timer: two browser timer calls apiece. A browser timer is cheap on its own, but each call records a trace
 * event with the full JavaScript stack when the page is being traced, which is how Lighthouse and the DevTools
 * performance panel measure it, so a commit deep in React's frames paid for its timers there, call by call. Here the calls only edit the list; a microtask at the end of the task
 * re-arms the one browser timer if the earliest deadline moved. Each timeout still fires at its own time, in order.
 *
 * Intervals (the 1-second poll while something settles) stay browser intervals: one per polling observer, set rarely.
 */
export function coalescedTimeouts(native: NativeTimers = browserTimers): TimeoutProvider<number> {
  const pending = new Map<number, { due: number; callback: TimeoutCallback }>()
  let lastId = 0
  let armed: { id: unknown; due: number } | undefined
  let rearmQueued = false

  const earliest = () => {
    let due = Infinity
    for (const entry of pending.values()) due = Math.min(due, entry.due)
    return due
  }

  const rearm = () => {
    rearmQueued = false
    const due = earliest()
    if (armed?.due === due) return
    if (armed) native.clearTimeout(armed.id)
    armed = due === Infinity ? undefined : { id: native.setTimeout(fire, Math.max(0, due - native.now())), due }
  }

  const queueRearm = () => {
    if (rearmQueued) return
    rearmQueued = true
    queueMicrotask(rearm)
  }

  function fire() {
    armed = undefined
    const now = native.now()
    // Map order is insertion order, so equal deadlines run in the order they were set, as browser timers do.
    const due = [...pending].filter(([, entry]) => entry.due <= now).sort(([, a], [, b]) => a.due - b.due)
    for (const [id] of due) pending.delete(id)
    for (const [, entry] of due) {
      try {
        entry.callback()
      } catch (error) {
        // As with browser timers, one failing callback neither stops the others nor goes unreported.
        queueMicrotask(() => {
          throw error
        })
      }
    }
    queueRearm()
  }

  return {
    setTimeout(callback, delay) {
      const id = ++lastId
      const due = native.now() + Math.max(0, delay)
      pending.set(id, { due, callback })
      if (!armed || due < armed.due) queueRearm()
      return id
    },
    clearTimeout(id) {
      // The browser timer is left for the end of the task, which re-arms it only if the earliest deadline moved.
      if (id !== undefined && pending.delete(id) && armed) queueRearm()
    },
    setInterval: (callback, delay) => globalThis.setInterval(callback, delay) as unknown as number,
    clearInterval: (id) => globalThis.clearInterval(id),
  }
}
