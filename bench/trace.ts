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
  args?: { name?: string; data?: { url?: string; type?: string }; [key: string]: unknown }
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel']
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

export interface Task {
  /** Wall-clock milliseconds, what a user waits (and what Lighthouse counts). */
  wall: number
  /** Milliseconds the thread was on a CPU: on a loaded machine, the part of `wall` that is the page's own work. */
  cpu: number
  /** Where the wall time went: self time per kind of work (event name, with the script or DOM event), largest first. */
  parts: [string, number][]
}

/** What a trace event did, as DevTools would name it: the event, and the script file or DOM event it ran for. */
function kind(e: TraceEvent): string {
  const url = e.args?.data?.url
  if (url) return `${e.name} ${url.split('/').pop()}`
  const type = e.args?.data?.type
  return type ? `${e.name} ${type}` : e.name
}

/** Self time per kind of the events nested in `task` (sorted by start), the task's own time included. */
function selfTimes(task: TraceEvent, nested: TraceEvent[]): [string, number][] {
  const self = new Map<string, number>()
  const add = (e: TraceEvent, us: number) => self.set(kind(e), (self.get(kind(e)) ?? 0) + us / 1000)
  const stack: TraceEvent[] = [task]
  add(task, task.dur!)
  for (const e of nested) {
    while (stack.length > 1 && e.ts >= stack.at(-1)!.ts + stack.at(-1)!.dur!) stack.pop()
    add(stack.at(-1)!, -e.dur!)
    add(e, e.dur!)
    stack.push(e)
  }
  return [...self].sort((a, b) => b[1] - a[1])
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
  // Parents before their children: by start, then the longer first.
  const events = trace.traceEvents
    .filter((e) => e.ph === 'X' && e.dur !== undefined && onMain(e))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const topLevel: Task[] = []
  const endOf = new Map<string, number>()
  events.forEach((task, i) => {
    if (!TASK_NAMES.has(task.name)) return
    const thread = `${task.pid}:${task.tid}`
    const end = task.ts + task.dur!
    if (task.ts < (endOf.get(thread) ?? -Infinity)) return
    endOf.set(thread, end)
    if (devtools.some((ts) => ts >= task.ts && ts <= end)) return
    const nested: TraceEvent[] = []
    for (let j = i + 1; j < events.length && events[j]!.ts < end; j++) {
      const e = events[j]!
      if (e.pid === task.pid && e.tid === task.tid && e.ts + e.dur! <= end) nested.push(e)
    }
    topLevel.push({ wall: task.dur! / 1000, cpu: (task.tdur ?? task.dur!) / 1000, parts: selfTimes(task, nested) })
  })
  return topLevel.sort((a, b) => b.wall - a.wall)
}

/** The longest task by wall time and the longest by CPU time (they may be different tasks); the parts are the former's. */
export function longest(tasks: Task[]): Task {
  return {
    wall: Math.max(0, ...tasks.map((t) => t.wall)),
    cpu: Math.max(0, ...tasks.map((t) => t.cpu)),
    parts: tasks[0]?.parts ?? [],
  }
}

/** The run whose longest task is the median one, and what that task spent its time on (the four largest parts). */
export function medianParts(runs: Task[]): string {
  const run = [...runs].sort((a, b) => a.wall - b.wall)[Math.floor(runs.length / 2)]!
  return run.parts
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ')
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

// What DevTools counts as scripting: evaluating, compiling and calling into JavaScript (React's rendering runs there),
// microtasks (promise callbacks) and garbage collection.
const SCRIPT =
  /^(FunctionCall|EvaluateScript|v8\.|V8\.|MinorGC|MajorGC|RunMicrotasks|BlinkScheduler_PerformMicrotaskCheckpoint|TimerFire|EventDispatch|FireAnimationFrame)\b/

/** Milliseconds of the tasks' self time that went to script. */
export function scriptTime(tasks: Task[]): number {
  return tasks.reduce(
    (sum, task) => sum + task.parts.reduce((part, [name, ms]) => part + (SCRIPT.test(name) ? ms : 0), 0),
    0,
  )
}

/**
 * Waits until the Networks list shows its first row, polled inside the page with one cheap query, so the waiting adds
 * no long task of its own.
 */
export const listShown = (page: Page) =>
  page.waitForFunction(() => document.querySelector('table[aria-label="Networks"] tbody a') !== null, null, {
    polling: 100,
    timeout: 60_000,
  })
