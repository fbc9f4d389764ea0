// The calls still waiting for an answer, by service, so the page can say which service it is waiting on once a call
// has taken longer than a person waits without wondering. One timer per call, only while it is in flight.

import type { Target } from './request'

/** A call still unanswered after this long is said on the page. */
const PATIENCE_MS = 5_000

const slow = new Map<number, Target>()
const listeners = new Set<() => void>()
let next = 0
let snapshot: readonly Target[] = []

function changed() {
  const services = [...new Set(slow.values())].sort()
  if (services.join() === snapshot.join()) return
  snapshot = services
  for (const listener of [...listeners]) listener()
}

/** Marks a call as sent; the function returned marks it answered (or abandoned). */
export function waitingOn(service: Target): () => void {
  const id = next++
  const timer = setTimeout(() => {
    slow.set(id, service)
    changed()
  }, PATIENCE_MS)
  return () => {
    clearTimeout(timer)
    if (slow.delete(id)) changed()
  }
}

/** The services a call has been waiting on for more than PATIENCE_MS, and a way to hear when they change. */
export const slowServices = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  get: (): readonly Target[] => snapshot,
}
