// Time to render a security group with 5,000 rules in Chromium, to filter its rules by typing, and to scroll to the
// end, against the real console server (with BENCH_BASE_DIST, for that earlier build first, in the same run). The
// group is put straight into the local cloud's store: the API takes at most 200 rules per group, but a console should
// stay smooth on whatever a platform holds.
import { randomUUID } from 'node:crypto'
import { storeOf, type LocalCloud } from '../server/local-cloud/index.ts'
import type { Rule } from '../server/local-cloud/services/regional/security-group-rules.ts'
import { timeFilterTyping } from './filter-typing.ts'
import { benchBuilds, FIGURE, loadNote, median, RUNS, timeRuns, withBrowserBench } from './harness.ts'

const RULES = 5_000

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

/** Puts the group straight into the store, on one of the demo organization's networks; returns its id. */
async function seedBigGroup(cloud: LocalCloud): Promise<string> {
  const store = storeOf(cloud)
  const network = [...store.networks.values()].find(
    (n) => n.organizationId === cloud.demo.organizationId && n.meta.goneAt === undefined,
  )
  if (!network) throw new Error('the demo organization has no network to put the security group on')
  const groupId = randomUUID()
  store.securityGroups.set({
    meta: {
      id: groupId,
      name: 'bench-5000-rules',
      creationTime: new Date().toISOString(),
      createdBy: 'seed@local-cloud',
      readyAt: Date.now(),
    },
    organizationId: network.organizationId,
    projectId: network.projectId,
    regionId: network.regionId,
    networkId: network.meta.id,
    rules: manyRules(RULES),
  })
  await store.flush()
  return groupId
}

for (const { label, distDir } of benchBuilds()) {
  await withBrowserBench(
    { name: 'bench-sg-', seed: seedBigGroup, signInAt: '/networks', distDir },
    async ({ base, page, seeded: groupId }) => {
      const count = page.getByText(new RegExp(`^${FIGURE} rules`))
      const table = page.getByRole('table', { name: 'Rules' })

      const loads = await timeRuns(async () => {
        await page.goto(`${base}/security-groups/${groupId}`)
        await count.waitFor({ timeout: 60_000 })
        await table.getByRole('row').nth(1).waitFor()
      })
      const rendered = await table.locator('tbody tr:not([aria-hidden])').count()
      console.log(
        `${label}: security group render ${RULES} rules (page load to rules shown, includes fetching the group over the proxy): median ${median(loads)} ms of ${RUNS}; ${rendered} rows in the DOM (${loadNote()})`,
      )

      const search = page.getByRole('textbox', { name: 'Search rules' })
      const filters = await timeFilterTyping(
        search,
        (run) => `10.${run + 1}.`,
        page.getByText(new RegExp(`^${FIGURE} of ${FIGURE} rules`)),
        count,
      )
      console.log(
        `${label}: security group filter ${RULES} rules by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS} (${loadNote()})`,
      )

      await search.fill('')
      await count.waitFor()
      const scrolls = await timeRuns(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          await table.locator(`tr[aria-rowindex="${RULES + 1}"]`).waitFor()
        },
        async () => {
          await page.evaluate(() => window.scrollTo(0, 0))
        },
      )
      console.log(
        `${label}: security group scroll to rule ${RULES} (jump to the end until the last row shows): median ${median(scrolls)} ms of ${RUNS} (${loadNote()})`,
      )
    },
  )
}
