/**
 * How late this process's event loop runs, sampled by one timer for the whole process: every SAMPLE_MS it notes how
 * long after its time it ran. A busy loop is the console's own delay, apart from any upstream's: an answer that came
 * while the loop was busy waited that long before any code saw it.
 */
const SAMPLE_MS = 20

let lateMs = 0
let timer: NodeJS.Timeout | undefined
const listeners = new Set<(seconds: number) => void>()

function start() {
  if (timer) return
  let due = performance.now() + SAMPLE_MS
  timer = setInterval(() => {
    const now = performance.now()
    lateMs = Math.max(0, now - due)
    due = now + SAMPLE_MS
    for (const listener of listeners) listener(lateMs / 1000)
  }, SAMPLE_MS)
  // It never keeps a process alive that has nothing else to do.
  timer.unref()
}

/** How late the loop ran its last sample (ms): about what an answer arriving now waits before its callback runs. */
export function loopLatenessMs(): number {
  start()
  return lateMs
}

/** Told each sample's lateness in seconds (the metrics' event-loop delay). */
export function onLoopDelay(listener: (seconds: number) => void): void {
  start()
  listeners.add(listener)
}
