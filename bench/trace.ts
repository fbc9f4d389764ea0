// Main-thread tasks from a Chromium trace: what the page's renderer thread ran while `action` was under way, the way
// DevTools and Lighthouse count long tasks (each top-level RunTask event on CrRendererMain).
import type { Browser, Page } from '@playwright/test'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  /** Thread (CPU) time of an X event. */
  tdur?: number
  args?: { name?: string; [key: string]: unknown }
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel']
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

export interface Task {
  /** Wall-clock milliseconds, what a user waits (and what Lighthouse counts). */
  wall: number
  /** Milliseconds the thread was on a CPU: on a loaded machine, the part of `wall` that is the page's own work. */
  cpu: number
}

/**
 * The renderer main thread's tasks in a trace, longest first; the ones that answer the bench's own DevTools
 * commands (Playwright's locators and evaluations) are left out, as no user would run them.
 */
function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): Task[] {
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`)
  const devtools = trace.traceEvents
    .filter((e) => onMain(e) && JSON.stringify(e.args ?? {}).includes('DevToolsSession'))
    .map((e) => e.ts)
  // A task nested in another (a RunTask inside a ThreadControllerImpl::RunTask) is part of it, not another task.
  const tasks = trace.traceEvents
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur !== undefined && onMain(e))
    .sort((a, b) => a.ts - b.ts)
  const topLevel: Task[] = []
  const endOf = new Map<string, number>()
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`
    if (task.ts < (endOf.get(thread) ?? -Infinity)) continue
    endOf.set(thread, task.ts + task.dur!)
    if (devtools.some((ts) => ts >= task.ts && ts <= task.ts + task.dur!)) continue
    topLevel.push({ wall: task.dur! / 1000, cpu: (task.tdur ?? task.dur!) / 1000 })
  }
  return topLevel.sort((a, b) => b.wall - a.wall)
}

/** The longest task by wall time and the longest by CPU time (they may be different tasks). */
export function longest(tasks: Task[]): Task {
  return {
    wall: Math.max(0, ...tasks.map((t) => t.wall)),
    cpu: Math.max(0, ...tasks.map((t) => t.cpu)),
  }
}

/** The main-thread tasks, longest first, while `action` runs in `page`. */
export async function traceTasks(browser: Browser, page: Page, action: () => Promise<void>): Promise<Task[]> {
  await browser.startTracing(page, { categories: CATEGORIES })
  const outcome = await action().then(
    () => undefined,
    (error: unknown) => ({ error }),
  )
  const buffer = await browser.stopTracing()
  if (outcome) throw outcome.error
  return mainThreadTasks(JSON.parse(buffer.toString('utf8')))
}

/** Waits until the page has painted twice and been idle for `quietMs`, so work the action queued is in the trace. */
export async function settle(page: Page, quietMs = 500): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, quiet))),
      ),
    quietMs,
  )
}
