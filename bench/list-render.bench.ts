// Time to render a 10,000-network list in Chromium, and to filter it by typing, against the real console server; with
// BENCH_BASE_DIST, for that earlier build first, in the same run.
import { benchBuilds, FIGURE, figureOf, loadNote, median, RUNS, timeRuns, withBrowserBench } from './harness.ts'

for (const { label, distDir } of benchBuilds()) {
  await withBrowserBench(
    { name: 'bench-list-', seed: { seeder: 'seedManyNetworks', count: 10_000 }, signInAt: '/networks', distDir },
    async ({ base, page }) => {
      const count = page.getByText(new RegExp(`^${FIGURE} networks$`))
      const total = figureOf((await count.textContent({ timeout: 60_000 }))!.split(' ')[0]!)

      const loads = await timeRuns(async () => {
        await page.goto(`${base}/networks?project=all&region=all`)
        await count.waitFor({ timeout: 60_000 })
        await page.getByRole('table', { name: 'Networks' }).getByRole('link').first().waitFor()
      })
      console.log(
        `${label}: list render ${total} networks (page load to rows shown, includes fetching ${total} over the proxy): median ${median(loads)} ms of ${RUNS} (${loadNote()})`,
      )

      const search = page.getByRole('textbox', { name: 'Search' })
      const filters = await timeRuns(
        async (run) => {
          await search.fill(`bulk-network-0${run + 1}00`)
          await page.getByText(new RegExp(`^${FIGURE} of ${FIGURE} networks$`)).waitFor()
        },
        async () => {
          await search.fill('')
          await count.waitFor()
        },
      )
      console.log(
        `${label}: list filter ${total} networks by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS} (${loadNote()})`,
      )
    },
  )
}
