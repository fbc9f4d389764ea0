// What the browser benches share: a fresh local cloud seeded for the bench, the real console server on a free
// port serving a build, one Chromium signed in as the demo admin, and the median of timed runs.
// DIST_DIR picks the build to serve (default dist, built when missing or older than the sources).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { createConsoleApp } from '../server/app.ts'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { readConfig } from '../server/config.ts'
import { createStaticHandler } from '../server/console/static.ts'
import { createLocalCloud, type LocalCloud } from '../server/local-cloud/index.ts'

export const RUNS = 5

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

interface BrowserBenchOptions<T> {
  /** Names the temporary data directory, e.g. 'bench-list-'. */
  name: string
  /** Puts the bench's data into the local cloud before the console serves it. */
  seed: (cloud: LocalCloud) => Promise<T>
  /** The page the demo admin signs in on. */
  signInAt: string
}

export interface BrowserBench<T> {
  /** The console's origin, e.g. http://127.0.0.1:41234 */
  base: string
  page: Page
  seeded: T
}

/** Runs `body` against a seeded console in Chromium, then tears it all down, whether or not `body` failed. */
export async function withBrowserBench<T>(
  { name, seed, signInAt }: BrowserBenchOptions<T>,
  body: (bench: BrowserBench<T>) => Promise<void>,
): Promise<void> {
  const distDir = process.env.DIST_DIR || 'dist'
  buildIfNeeded(distDir)
  const dataDir = await mkdtemp(join(tmpdir(), name))
  const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
  const server = createServer()
  try {
    const seeded = await seed(cloud)
    const config = readConfig({ PORT: '0' })
    const app = createConsoleApp({
      config: { ...config, publicUrl: 'http://127.0.0.1' },
      localCloud: cloud,
      spa: createStaticHandler(distDir),
    })
    server.on('request', app.handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    app.setLoopbackPort(port)
    const base = `http://127.0.0.1:${port}`

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      await page.goto(`${base}${signInAt}`)
      await page.getByRole('button', { name: 'Continue as demo admin' }).click()
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
      await body({ base, page, seeded })
    } finally {
      await browser.close()
    }
  } finally {
    server.closeAllConnections()
    server.close()
    await cloud.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
