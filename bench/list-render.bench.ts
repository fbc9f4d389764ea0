// Time to render a 10,000-network list in Chromium, and to filter it by typing, against the real console server.
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
import { seedManyNetworks } from '../server/local-cloud/testing.ts'

const RUNS = 5
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

buildIfNeeded('dist')
const dataDir = await mkdtemp(join(tmpdir(), 'bench-list-'))
const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
await seedManyNetworks(cloud, 10_000)
const config = readConfig({ PORT: '0' })
const app = createConsoleApp({ config: { ...config, publicUrl: 'http://127.0.0.1' }, localCloud: cloud, spa: createStaticHandler('dist') })
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
  await page.goto(`${base}/networks`)
  await page.getByRole('button', { name: 'Continue as demo admin' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  const count = page.getByText(/^\d+ networks$/)
  const total = Number((await count.textContent({ timeout: 60_000 }))!.split(' ')[0])

  const loads: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now()
    await page.goto(`${base}/networks?project=all&region=all`)
    await count.waitFor({ timeout: 60_000 })
    await page.getByRole('table', { name: 'Networks' }).getByRole('link').first().waitFor()
    loads.push(Date.now() - started)
  }
  console.log(`list render ${total} networks (page load to rows shown, includes fetching ${total} over the proxy): median ${median(loads)} ms of ${RUNS}`)

  const search = page.getByRole('textbox', { name: 'Search' })
  const filters: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await search.fill('')
    await count.waitFor()
    const query = `bulk-network-0${i + 1}00`
    const started = Date.now()
    await search.fill(query)
    await page.getByText(new RegExp(`^\\d+ of ${total} networks$`)).waitFor()
    filters.push(Date.now() - started)
  }
  console.log(`list filter ${total} networks by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS}`)
} finally {
  await browser.close()
  server.closeAllConnections()
  server.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
}
