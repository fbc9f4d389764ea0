// Time to render a 10,000-instance list in Chromium, and to filter it by typing, against the real console server.
// DIST_DIR picks the build to serve (default dist, built when missing).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { createConsoleApp } from '../server/app.ts'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { readConfig } from '../server/config.ts'
import { createStaticHandler } from '../server/console/static.ts'
import { createLocalCloud } from '../server/local-cloud/index.ts'
import { seedManyInstances } from '../server/local-cloud/testing.ts'

const COUNT = 10_000
const RUNS = 5
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const distDir = process.env.DIST_DIR || 'dist'
buildIfNeeded(distDir)
const dataDir = await mkdtemp(join(tmpdir(), 'bench-instances-'))
const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
await seedManyInstances(cloud, COUNT)
const config = readConfig({ PORT: '0' })
const app = createConsoleApp({ config: { ...config, publicUrl: 'http://127.0.0.1' }, localCloud: cloud, spa: createStaticHandler(distDir) })
const server = createServer(app.handle)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
app.setLoopbackPort(port)
const base = `http://127.0.0.1:${port}`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${base}/instances`)
  await page.getByRole('button', { name: 'Continue as demo admin' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  const count = page.getByText(/^\d+ instances$/)
  const table = page.getByRole('table', { name: 'Instances' })

  const loads: number[] = []
  let total = 0
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now()
    await page.goto(`${base}/instances?project=all&region=all`)
    await count.waitFor({ timeout: 60_000 })
    await table.getByRole('link').first().waitFor()
    loads.push(Date.now() - started)
    total = Number((await count.textContent())!.split(' ')[0])
  }
  if (total < COUNT) throw new Error(`expected at least ${COUNT} instances, the page shows ${total}`)
  console.log(`instance list render ${total} instances (page load to rows shown, includes fetching them over the proxy): median ${median(loads)} ms of ${RUNS}`)

  const search = page.getByRole('textbox', { name: 'Search' })
  const filters: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await search.fill('')
    await count.waitFor()
    const query = `bulk-instance-0${i + 1}00`
    const started = Date.now()
    await search.fill(query)
    await page.getByText(new RegExp(`^\\d+ of ${total} instances$`)).waitFor()
    filters.push(Date.now() - started)
  }
  console.log(`instance list filter ${total} instances by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS}`)

  // Each click flips the order, so the first row always changes: the time to that change is the sort's cost.
  await search.fill('')
  await count.waitFor()
  const header = table.getByRole('button', { name: 'Private IP', exact: true })
  const firstRow = table.locator('tbody tr[aria-rowindex="2"]')
  const sorts: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const before = (await firstRow.textContent()) ?? ''
    const started = Date.now()
    await header.click()
    await page.waitForFunction(
      (previous) => document.querySelector('table[aria-label="Instances"] tbody tr[aria-rowindex="2"]')?.textContent !== previous,
      before,
    )
    sorts.push(Date.now() - started)
  }
  console.log(`instance list sort ${total} instances by private IP (click to sorted rows): median ${median(sorts)} ms of ${RUNS}`)
} finally {
  await browser.close()
  server.closeAllConnections()
  server.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
}
