// Opening the overview at `/` against opening the Networks list, unthrottled, the two pages taking turns on one
// console (the list with 200 rows, as in list-trace.bench.ts; the overview counts them too): from a Chromium trace
// from navigation until every panel is filled and the page is idle, the longest main-thread task, the main thread's
// total and its script part (React's rendering included), and how many times the page's main area changed after it
// first showed (each a render React committed; a page that renders once per answer changes once per answer). Target
// (issue 30): the overview's mobile TBT no more than the list's +20 %, which Lighthouse measures
// (lighthouse.bench.ts); these are the figures to tell where the overview's time goes. The new network form is opened
// in turn too: its main thread's CPU time is the figure of issue 69's "no worse" that a loaded machine blurs least
// (Lighthouse's TBT is wall time).
import type { Browser, Page } from '@playwright/test'
import { benchBuilds, loadNote, median, RUNS, withBrowserBench } from './harness.ts'
import { listShown, longest, medianParts, scriptTime, settle, traceTasks, type Task } from './trace.ts'

const ROWS = 200

interface Opening {
  longest: Task
  /** Milliseconds of all main-thread tasks, wall and CPU, and of their script (JavaScript, React's rendering with it). */
  total: number
  cpu: number
  script: number
  /** Times the page's main area changed after it first showed: React's commits that reached the screen. */
  commits: number
  /** Requests to the platform's API. */
  requests: number
}

type Counted = Window & { mainChanges?: number }

/**
 * Counts, from the document's start, each batch of changes inside the page's main area once it is there: a render
 * React committed that changed what the page shows; the main area's first content, inserted with it, is not one.
 * (No named functions inside: tsx would wrap them in a helper the page lacks.)
 */
function countMainChanges() {
  const counted = window as Counted
  counted.mainChanges = 0
  new MutationObserver((mutations) => {
    if (mutations.some((m) => (m.target instanceof Element ? m.target : m.target.parentElement)?.closest('main'))) {
      counted.mainChanges!++
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

async function open(browser: Browser, page: Page, url: string, shown: (page: Page) => Promise<unknown>) {
  await page.goto('about:blank')
  const tasks = await traceTasks(browser, page, async () => {
    await page.goto(url)
    await shown(page)
    await settle(page)
  })
  const counts = await page.evaluate(() => ({
    commits: (window as Counted).mainChanges ?? 0,
    requests: performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .length,
  }))
  return {
    longest: longest(tasks),
    total: tasks.reduce((sum, task) => sum + task.wall, 0),
    cpu: tasks.reduce((sum, task) => sum + task.cpu, 0),
    script: scriptTime(tasks),
    ...counts,
  }
}

// Polled inside the page with one cheap query, so the waiting adds no long task of its own.
const poll = { polling: 100, timeout: 60_000 }
// The panels that answer last: the flavors table, the cheapest models, quota use.
const overviewShown = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('table[aria-label="Instances by flavor"]') !== null &&
      document.querySelector('ol[aria-labelledby="cheapest-Text"]') !== null &&
      document.querySelector('section[aria-label="Quota use"] [role="progressbar"]') !== null,
    null,
    poll,
  )

// The form is shown when its submit button is.
const formShown = (page: Page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Create network'),
    null,
    poll,
  )

function report(label: string, page: string, runs: Opening[]) {
  const m = (pick: (o: Opening) => number) => median(runs.map(pick)).toFixed(0)
  console.log(
    `overview-trace ${label}, ${page}: medians of ${RUNS}: longest task ${m((o) => o.longest.wall)} ms wall, ${m((o) => o.longest.cpu)} ms CPU; main thread ${m((o) => o.total)} ms (${m((o) => o.cpu)} ms CPU), of it script ${m((o) => o.script)} ms; ${m((o) => o.commits)} re-renders that changed the main area after it first showed; ${m((o) => o.requests)} API requests (runs: ${runs.map((o) => `${o.longest.wall.toFixed(0)}/${o.script.toFixed(0)}/${o.commits}`).join(', ')} ms longest, ms script, renders; ${loadNote()})`,
  )
  console.log(`  its longest task went to: ${medianParts(runs.map((o) => o.longest))}`)
}

for (const { label, distDir } of benchBuilds()) {
  await withBrowserBench(
    { name: 'bench-overview-trace-', seed: { seeder: 'seedManyNetworks', count: ROWS }, signInAt: '/', distDir },
    async ({ base, browser, page }) => {
      await page.addInitScript(countMainChanges)
      const list: Opening[] = []
      const overview: Opening[] = []
      const form: Opening[] = []
      for (let run = 0; run < RUNS; run++) {
        list.push(await open(browser, page, `${base}/networks?project=all&region=all`, listShown))
        overview.push(await open(browser, page, `${base}/`, overviewShown))
        form.push(await open(browser, page, `${base}/networks/new`, formShown))
      }
      report(label, `networks list ${ROWS} rows`, list)
      report(label, 'overview', overview)
      report(label, 'new network form', form)
      const ratio = median(overview.map((o, i) => o.script / list[i]!.script))
      console.log(`  overview script time / list script time, pairwise median: ${ratio.toFixed(2)}`)
    },
  )
}
