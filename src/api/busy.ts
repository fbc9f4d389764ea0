// Reads the console server refused for now (429 or 503 with Retry-After: it is busy) and the client will ask again,
// so the page can say so at once rather than spin without a word.

let retrying = 0
const listeners = new Set<() => void>()

function changed() {
  for (const listener of [...listeners]) listener()
}

/** Marks a read as waiting to be asked again; the function returned marks it asked (or abandoned). */
export function waitingToRetry(): () => void {
  retrying++
  if (retrying === 1) changed()
  let done = false
  return () => {
    if (done) return
    done = true
    retrying--
    if (retrying === 0) changed()
  }
}

/** Whether any read is waiting to be asked again, and a way to hear when that changes. */
export const consoleBusy = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  get: (): boolean => retrying > 0,
}
