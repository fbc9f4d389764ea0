// Lighthouse 12 (performance only) on the Networks list with 200 rows, on the overview at `/` and on the new network
// form, mobile and desktop, the median of RUNS runs each (below), the pages (and with BENCH_BASE_DIST, the two builds)
// taking turns: score,
// first and largest contentful paint, total blocking time and the longest main-thread task. Lighthouse drives the
// system Chromium (CHROMIUM_PATH) through its debugging port, signed in by the demo session's cookie, put in the
// browser's cookie jar (jarCookie says why not in a header). A run Lighthouse
// could not complete, or that measured the sign-in page, is reported and left out of the medians; beside the medians,
// the spread of score and TBT and each run's bytes. Targets (issue 12, on an otherwise idle machine): mobile
// TBT < 300 ms and score ≥ 80, desktop score ≥ 98; (issue 14) the overview paints first no later than the list;
// (issue 30) the overview's TBT no more than the list's +20 %; (issue 53, with BENCH_BASE_DIST) on each page, mobile
// script evaluation ≤ 0.6 of the base build's, TBT no higher and LCP ≤ 0.85 of the base's.
import { freePort } from '../server/free-port.ts'
import { chromium } from '@playwright/test'
import { benchBuilds, chromiumPath, RUNS as DEFAULT_RUNS, withConsole } from './harness.ts'
import {
  blockingTimeRatio,
  diagnosticsLine,
  figuresOf,
  firstPaintRatio,
  jarCookie,
  line,
  targetLines,
  type JarCookie,
  type Outcome,
} from './lighthouse-figures.ts'
import { loadLighthouse } from './lighthouse-module.ts'

const { default: lighthouse, desktopConfig } = await loadLighthouse()
const ROWS = 200
/** The pages measured: the list and the overview first, which the ratios below compare. */
const PAGES = [
  { name: `networks list ${ROWS} rows`, path: '/networks?project=all&region=all' },
  { name: 'overview', path: '/' },
  { name: 'new network form', path: '/networks/new' },
] as const
/** LIGHTHOUSE_FORM_FACTORS=mobile measures the phone only (issue 53's targets): half the time on a loaded machine. */
const FORM_FACTORS = (process.env.LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop')
  .split(',')
  .filter((f): f is 'mobile' | 'desktop' => f === 'mobile' || f === 'desktop')
/**
 * Runs per page, form factor and build (LIGHTHOUSE_RUNS, default 5). The busier the machine (each line prints its
 * load), the wider the runs spread, and the more runs a comparison needs; the spread is printed beside each median.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || DEFAULT_RUNS

/** The cookies the demo sign-in sets, each on its own (the session's, and the one that says why a session ended). */
async function demoCookies(base: string): Promise<JarCookie[]> {
  const res = await fetch(`${base}/console/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'cloud-console', Origin: base },
    body: JSON.stringify({ demo: true }),
  })
  const cookies = res.headers.getSetCookie()
  if (res.status !== 201 || !cookies.length) throw new Error(`demo sign-in answered ${res.status}`)
  return cookies.map((cookie) => jarCookie(cookie, base))
}

/** One audit's figures, or why Lighthouse could not give them (a run error, or a metric it could not measure). */
async function audit(url: string, port: number, formFactor: 'mobile' | 'desktop'): Promise<Outcome> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  ).catch((error: unknown) => ({ error }))
  if (!result) return { failed: 'Lighthouse returned no result' }
  if ('error' in result) return { failed: String(result.error) }
  return figuresOf(result.lhr)
}

interface Served {
  label: string
  base: string
  cookies: JarCookie[]
}

/**
 * Serves every build at once (each its own console on its own seeded cloud), so that the runs below can take turns
 * between them: on a machine whose load moves by the minute, a build measured after another would be measured on a
 * different machine. Each on its own loopback address (127.0.0.1, 127.0.0.2, …): on one host the browser would send
 * one console's sliding session cookie to the other too, which then measured its sign-in page.
 */
async function withBuilds(
  builds: ReturnType<typeof benchBuilds>,
  body: (served: Served[]) => Promise<void>,
  index = 0,
): Promise<void> {
  const build = builds[index]
  if (!build) return body([])
  await withConsole(
    {
      name: 'bench-lighthouse-',
      seed: { seeder: 'seedManyNetworks', count: ROWS },
      distDir: build.distDir,
      host: `127.0.0.${index + 1}`,
    },
    async ({ base }) => {
      const served = { label: build.label, base, cookies: await demoCookies(base) }
      await withBuilds(builds, (others) => body([served, ...others]), index + 1)
    },
  )
}

await withBuilds(benchBuilds(), async (builds) => {
  const port = await freePort()
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    // Into the default context's jar, the one the tabs Lighthouse opens use.
    const cdp = await browser.newBrowserCDPSession()
    await cdp.send('Storage.setCookies', { cookies: builds.flatMap((build) => build.cookies) })
    await cdp.detach()
    for (const formFactor of FORM_FACTORS) {
      // outcomes[page][build]: run by run, each build's pages in turn, the builds taking turns.
      const outcomes = PAGES.map(() => builds.map((): Outcome[] => []))
      for (let run = 0; run < RUNS; run++) {
        for (const [i, { base }] of builds.entries()) {
          for (const [p, page] of PAGES.entries())
            outcomes[p]![i]!.push(await audit(`${base}${page.path}`, port, formFactor))
        }
      }
      const [list, overview] = [outcomes[0]!, outcomes[1]!]
      for (const [i, { label }] of builds.entries()) {
        for (const [p, page] of PAGES.entries())
          console.log(line(`${label} ${page.name}`, formFactor, outcomes[p]![i]!))
        for (const [p, page] of PAGES.entries())
          console.log(diagnosticsLine(`${label} ${page.name}`, formFactor, outcomes[p]![i]!))
        console.log(
          `lighthouse ${label} overview FCP / networks list FCP, ${formFactor}: ${firstPaintRatio(overview[i]!, list[i]!)}`,
        )
        console.log(
          `lighthouse ${label} overview TBT / networks list TBT, ${formFactor}: ${blockingTimeRatio(overview[i]!, list[i]!)}`,
        )
      }
      // Issue 53's targets are the mobile ones, against the base build.
      if (builds.length === 2 && formFactor === 'mobile')
        for (const [p, page] of PAGES.entries())
          for (const target of targetLines(page.name, formFactor, outcomes[p]![0]!, outcomes[p]![1]!))
            console.log(target)
    }
  } finally {
    await browser.close()
  }
})
