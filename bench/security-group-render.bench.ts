// Time to render a security group with 5,000 rules in Chromium, to filter its rules by typing, and to scroll to the
// end, against the real console server. The group is put straight into the local cloud's store: the API takes at
// most 200 rules per group, but a console should stay smooth on whatever a platform holds.
import { randomUUID } from 'node:crypto'
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
import { createLocalCloud, storeOf } from '../server/local-cloud/index.ts'
import type { Rule } from '../server/local-cloud/store/records.ts'

const RULES = 5_000
const RUNS = 5
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const distDir = process.env.DIST_DIR ?? 'dist'

/** A realistic mix: tcp and udp single ports and ranges, icmp, any, from many /24s and a few from anywhere. */
function manyRules(count: number): Rule[] {
  return Array.from({ length: count }, (_, i): Rule => {
    const prefix = i % 97 === 0 ? '0.0.0.0/0' : `10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`
    const direction = i % 5 === 4 ? 'egress' : 'ingress'
    switch (i % 4) {
      case 0:
        return { direction, protocol: 'tcp', port: 1024 + (i % 60000), prefix }
      case 1:
        return { direction, protocol: 'udp', port: 2000 + (i % 1000), portMax: 3000 + (i % 1000), prefix }
      case 2:
        return { direction, protocol: 'icmp', prefix }
      default:
        return { direction, protocol: 'any', prefix }
    }
  })
}

buildIfNeeded(distDir)
const dataDir = await mkdtemp(join(tmpdir(), 'bench-sg-'))
const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
const store = storeOf(cloud)
const network = [...store.networks.values()].find((n) => n.organizationId === cloud.demo.organizationId && n.meta.goneAt === undefined)
if (!network) throw new Error('the demo organization has no network to put the security group on')
const groupId = randomUUID()
store.securityGroups.set({
  meta: { id: groupId, name: 'bench-5000-rules', creationTime: new Date().toISOString(), createdBy: 'seed@local-cloud', readyAt: Date.now() },
  organizationId: network.organizationId,
  projectId: network.projectId,
  regionId: network.regionId,
  networkId: network.meta.id,
  rules: manyRules(RULES),
})
store.markDirty()
await store.flush()

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
  await page.goto(`${base}/networks`)
  await page.getByRole('button', { name: 'Continue as demo admin' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  const count = page.getByText(new RegExp(`^${RULES} rules`))
  const table = page.getByRole('table', { name: 'Rules' })

  const loads: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = Date.now()
    await page.goto(`${base}/security-groups/${groupId}`)
    await count.waitFor({ timeout: 60_000 })
    await table.getByRole('row').nth(1).waitFor()
    loads.push(Date.now() - started)
  }
  const rendered = await table.locator('tbody tr:not([aria-hidden])').count()
  console.log(`security group render ${RULES} rules (page load to rules shown, includes fetching the group over the proxy): median ${median(loads)} ms of ${RUNS}; ${rendered} rows in the DOM`)

  const search = page.getByRole('textbox', { name: 'Search rules' })
  const filters: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await search.fill('')
    await count.waitFor()
    const started = Date.now()
    await search.fill(`10.${i + 1}.`)
    await page.getByText(new RegExp(`^\\d+ of ${RULES} rules`)).waitFor()
    filters.push(Date.now() - started)
  }
  console.log(`security group filter ${RULES} rules by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS}`)

  await search.fill('')
  await count.waitFor()
  const scrolls: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await page.evaluate(() => window.scrollTo(0, 0))
    const started = Date.now()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await table.locator(`tr[aria-rowindex="${RULES + 1}"]`).waitFor()
    scrolls.push(Date.now() - started)
  }
  console.log(`security group scroll to rule ${RULES} (jump to the end until the last row shows): median ${median(scrolls)} ms of ${RUNS}`)
} finally {
  await browser.close()
  server.closeAllConnections()
  server.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
}
