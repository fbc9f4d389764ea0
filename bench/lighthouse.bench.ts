// Lighthouse 12 (performance only) on the Networks list with 200 rows, mobile and desktop, the median of RUNS runs
// each: score, first and largest contentful paint, total blocking time and the longest main-thread task. Lighthouse
// drives the system Chromium (CHROMIUM_PATH) through its debugging port, signed in by the demo session's cookie.
// Targets (issue 12, on an otherwise idle machine): mobile TBT < 300 ms and score ≥ 80, desktop score ≥ 98.
import { createServer } from 'node:net'
import { chromium } from '@playwright/test'
import lighthouse, { desktopConfig } from 'lighthouse'
import { seedManyNetworks } from '../server/local-cloud/testing.ts'
import { benchBuilds, CHROMIUM, loadNote, median, RUNS, withConsole } from './harness.ts'

const ROWS = 200

interface Figures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  longestTask: number
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function demoCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/console/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'cloud-console', Origin: base },
    body: JSON.stringify({ demo: true }),
  })
  const cookie = res.headers.get('set-cookie')
  if (res.status !== 201 || !cookie) throw new Error(`demo sign-in answered ${res.status}`)
  return cookie.split(';')[0]!
}

async function audit(url: string, port: number, cookie: string, formFactor: 'mobile' | 'desktop'): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } },
    formFactor === 'desktop' ? desktopConfig : undefined,
  )
  if (!result) throw new Error('Lighthouse returned no result')
  const { audits, categories } = result.lhr
  const value = (id: string) => audits[id]?.numericValue ?? NaN
  const tasks = (audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
  }
}

const line = (label: string, formFactor: string, runs: Figures[]) => {
  const m = (key: keyof Figures) => median(runs.map((run) => run[key]))
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`
  return `lighthouse ${label} networks list ${ROWS} rows, ${formFactor}: median of ${runs.length}: score ${m('score')}, FCP ${ms(m('fcp'))}, LCP ${ms(m('lcp'))}, TBT ${ms(m('tbt'))}, longest task ${ms(m('longestTask'))} (scores ${runs.map((r) => r.score).join(', ')}; ${loadNote()})`
}

for (const { label, distDir } of benchBuilds()) {
  await withConsole(
    { name: 'bench-lighthouse-', seed: (cloud) => seedManyNetworks(cloud, ROWS), distDir },
    async ({ base }) => {
      const port = await freePort()
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      })
      try {
        const cookie = await demoCookie(base)
        const url = `${base}/networks?project=all&region=all`
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const runs: Figures[] = []
          for (let run = 0; run < RUNS; run++) runs.push(await audit(url, port, cookie, formFactor))
          console.log(line(label, formFactor, runs))
        }
      } finally {
        await browser.close()
      }
    },
  )
}
