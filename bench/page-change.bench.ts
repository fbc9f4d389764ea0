// Changing page inside the console on a slow network: from the networks list to the new network form and to a
// network's page, each the first of its kind since the list was opened, with every request 40 ms away (Chromium's
// network emulation, the cache off). The time from the click until the page's heading shows. A lazy page's scripts
// are no longer listed in the entry (vite.config.ts, stylesheetsOnly): this prints what that costs a page change.
import type { Page } from '@playwright/test'
import { benchBuilds, loadNote, median, timeRuns, withBrowserBench } from './harness.ts'

const LATENCY_MS = 40

for (const { label, distDir } of benchBuilds()) {
  await withBrowserBench(
    { name: 'bench-page-change-', seed: { seeder: 'seedManyNetworks', count: 20 }, signInAt: '/networks', distDir },
    async ({ base, page }) => {
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
      const openList = async () => {
        await page.goto(`${base}/networks?project=all&region=all`)
        await page.getByRole('table', { name: 'Networks' }).getByRole('link').first().waitFor()
      }
      const changes: [string, (page: Page) => Promise<void>][] = [
        [
          'the new network form',
          async (page) => {
            await page.getByRole('link', { name: 'Create network' }).click()
            await page.getByRole('heading', { name: 'Create network' }).waitFor()
          },
        ],
        [
          "a network's page",
          async (page) => {
            const first = page.getByRole('table', { name: 'Networks' }).getByRole('link').first()
            const name = (await first.textContent()) ?? ''
            await first.click()
            await page.getByRole('heading', { name, exact: true }).waitFor()
          },
        ],
      ]
      for (const [to, change] of changes) {
        const times = await timeRuns(() => change(page), openList)
        console.log(
          `page change ${label}: the networks list to ${to}, every request ${LATENCY_MS} ms away: median ${median(times)} ms of ${times.length} (runs: ${times.join(', ')} ms; ${loadNote()})`,
        )
      }
    },
  )
}
