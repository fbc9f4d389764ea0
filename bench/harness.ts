// What the browser benches share: a fresh local cloud seeded for the bench, the real console server on a free
// port serving a build, one Chromium signed in as the demo admin, and the median of timed runs.
// DIST_DIR picks the build to serve (default dist, built when missing or older than the sources); BENCH_BASE_DIST adds
// an earlier build to compare with, served by its own checkout's console and local cloud.
import { execFileSync, fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { createConsoleApp } from '../server/app.ts'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { CHROMIUM_ARGS } from '../scripts/chromium-args.ts'
import { readConfig } from '../server/config.ts'
import { createStaticHandler } from '../server/console/static.ts'
import { createLocalCloud, type LocalCloud } from '../server/local-cloud/index.ts'
import { seedManyInstances, seedManyNetworks } from '../server/local-cloud/testing.ts'

export const RUNS = 5

/**
 * A count line's figure as the console writes it: grouped in English ("10,006 networks"), or not by a build from
 * before it grouped them, which a run with BENCH_BASE_DIST may measure.
 */
export const FIGURE = String.raw`[\d,]+`
export const figureOf = (text: string) => Number(text.replaceAll(',', ''))

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Milliseconds of each of RUNS runs of `timed`, each after its untimed `prepare`. */
export async function timeRuns(
  timed: (run: number) => Promise<void>,
  prepare?: (run: number) => Promise<void>,
): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    await prepare?.(run)
    const started = Date.now()
    await timed(run)
    times.push(Date.now() - started)
  }
  return times
}

/**
 * The builds a browser bench measures: DIST_DIR (default dist) as "after", and BENCH_BASE_DIST, when set, as "before"
 * (a build of an earlier commit, e.g. `git archive c27c46b | tar -x -C /tmp/base` then `npx vite build --outDir
 * /tmp/base-dist` there), so both figures come from one run on the same machine.
 */
export function benchBuilds(): { label: string; distDir: string }[] {
  const after = { label: 'after', distDir: process.env.DIST_DIR || 'dist' }
  const before = process.env.BENCH_BASE_DIST
  return before ? [{ label: 'before', distDir: before }, after] : [after]
}

/** The machine's load, printed beside figures that depend on it. */
export const loadNote = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`

const BULK_SEEDERS = { seedManyNetworks, seedManyInstances }

/**
 * A seed an earlier checkout can run too: one of testing.ts's bulk seeders, named, with its count. With it, a base
 * build is served by its own checkout (withConsole).
 */
export interface BulkSeed {
  seeder: keyof typeof BULK_SEEDERS
  count: number
}

interface ConsoleOptions<T> {
  /** Names the temporary data directory, e.g. 'bench-list-'. */
  name: string
  /** Puts the bench's data into the local cloud before the console serves it. */
  seed: ((cloud: LocalCloud) => Promise<T>) | BulkSeed
  /** The build to serve; default DIST_DIR, else dist (built when missing or older than the sources). */
  distDir?: string
  /**
   * The loopback address to listen on (default 127.0.0.1). Consoles served at once to one browser need one each:
   * cookies are per host, not per port, so on one host one console's session cookie would sign the other out.
   */
  host?: string
}

/**
 * The checkout around a base build (BENCH_BASE_DIST=<checkout>/dist), when it is one this bench can start: today's
 * local cloud may answer what the base cannot read (`null` lists since issue 66), so the base is served by its own.
 */
function baseCheckout(distDir: string): string | undefined {
  if (distDir !== process.env.BENCH_BASE_DIST) return undefined
  const root = dirname(resolve(distDir))
  return existsSync(join(root, 'bench/harness.ts')) && resolve(root, 'dist') === resolve(distDir) ? root : undefined
}

/**
 * Runs `body` against the real console server on a seeded local cloud, then tears it down. A base build with a bulk
 * seed is served by its own checkout in a child process (bench/base-console-process.ts); with a seed of the bench's own
 * (a function), by this tree, which the output says.
 */
export async function withConsole<T>(
  options: ConsoleOptions<T>,
  body: (console: { base: string; seeded: T }) => Promise<void>,
): Promise<void> {
  const { name, seed, distDir = process.env.DIST_DIR || 'dist', host = '127.0.0.1' } = options
  const checkout = baseCheckout(distDir)
  if (checkout && typeof seed !== 'function') return inCheckout(checkout, { name, seed, host }, body)
  if (distDir === process.env.BENCH_BASE_DIST)
    console.log(`the base build ${distDir} is served by this tree's console and local cloud, not its own checkout's`)
  // An earlier commit's build is served as it is: rebuilding it would put today's sources in it.
  else buildIfNeeded(distDir)
  const dataDir = await mkdtemp(join(tmpdir(), name))
  const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
  const server = createServer()
  try {
    const seeded =
      typeof seed === 'function' ? await seed(cloud) : ((await BULK_SEEDERS[seed.seeder](cloud, seed.count)) as T)
    // Listening first: the console's public URL names its port, which is how it accepts a host other than 127.0.0.1.
    await new Promise<void>((resolve) => server.listen(0, host, resolve))
    const { port } = server.address() as AddressInfo
    const base = `http://${host}:${port}`
    const app = createConsoleApp({
      config: { ...readConfig({ PORT: '0' }), publicUrl: base },
      localCloud: cloud,
      spa: createStaticHandler(distDir),
    })
    server.on('request', app.handle)
    app.setLoopbackPort(port)
    await body({ base, seeded })
  } finally {
    server.closeAllConnections()
    server.close()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** withConsole in an earlier checkout: its server, local cloud and seeder, in a child process. */
async function inCheckout<T>(
  root: string,
  { name, seed, host }: { name: string; seed: BulkSeed; host: string },
  body: (console: { base: string; seeded: T }) => Promise<void>,
): Promise<void> {
  const child = fork(fileURLToPath(new URL('./base-console-process.ts', import.meta.url)), {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_BASE_DIST: join(root, 'dist'),
      BENCH_SEEDER: seed.seeder,
      BENCH_SEED_COUNT: String(seed.count),
      BENCH_HOST: host,
      BENCH_NAME: name,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise((done) => child.once('exit', done))
  try {
    const { base } = await new Promise<{ base: string }>((done, fail) => {
      child.once('message', (message) => done(message as { base: string }))
      child.once('exit', (code) => fail(new Error(`the base console in ${root} exited with ${code}`)))
    })
    await body({ base, seeded: undefined as T })
  } finally {
    child.send('stop')
    await exited
  }
}

/**
 * The full Chromium (Lighthouse drives its debugging port): CHROMIUM_PATH, else the one the project's own script finds
 * or installs (Debian's package on a fresh machine), so `npm run bench` needs nothing installed by hand. Asked only by
 * the benches that start a browser.
 */
export function chromiumPath(): string {
  foundChromium ??=
    process.env.CHROMIUM_PATH ||
    execFileSync('bash', ['scripts/ensure-chromium.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
      .trim()
      .split('\n')
      .at(-1)!
  return foundChromium
}
let foundChromium: string | undefined

interface BrowserBenchOptions<T> extends ConsoleOptions<T> {
  /** The page the demo admin signs in on. */
  signInAt: string
}

export interface BrowserBench<T> {
  /** The console's origin, e.g. http://127.0.0.1:41234 */
  base: string
  browser: Browser
  page: Page
  seeded: T
}

/** Runs `body` against a seeded console in Chromium, then tears it all down, whether or not `body` failed. */
export async function withBrowserBench<T>(
  { signInAt, ...options }: BrowserBenchOptions<T>,
  body: (bench: BrowserBench<T>) => Promise<void>,
): Promise<void> {
  await withConsole(options, async ({ base, seeded }) => {
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      await page.goto(`${base}${signInAt}`)
      await page.getByRole('button', { name: 'Continue as demo admin' }).click()
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
      await body({ base, browser, page, seeded })
    } finally {
      await browser.close()
    }
  })
}

/** Loads `count` generated inputs into the playground through its file upload, as a user with a text file would. */
export async function loadPlaygroundInputs(page: Page, count: number): Promise<void> {
  const clear = page.getByRole('button', { name: 'Clear all' })
  if (await clear.isEnabled()) await clear.click()
  const lines = Array.from(
    { length: count },
    (_, i) =>
      `Input ${i} on topic ${i % 13}: ${['networks', 'storage', 'billing', 'models', 'identity'][i % 5]} questions from customer ${i % 37}.`,
  )
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'bench.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) })
  await page
    .getByText(`${count.toLocaleString('en')} inputs`)
    .first()
    .waitFor()
}
