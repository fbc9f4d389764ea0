// Time to render a 10,000-instance list in Chromium, to filter it by typing and to sort it, against the real
// console server; with BENCH_BASE_DIST, for that earlier build first, in the same run.
import { timeFilterTyping } from './filter-typing.ts'
import { benchBuilds, FIGURE, figureOf, loadNote, median, RUNS, timeRuns, withBrowserBench } from './harness.ts'

const COUNT = 10_000

for (const { label, distDir } of benchBuilds()) {
  await withBrowserBench(
    { name: 'bench-instances-', seed: { seeder: 'seedManyInstances', count: COUNT }, signInAt: '/instances', distDir },
    async ({ base, page }) => {
      const count = page.getByText(new RegExp(`^${FIGURE} instances$`))
      const table = page.getByRole('table', { name: 'Instances' })

      const loads = await timeRuns(async () => {
        await page.goto(`${base}/instances?project=all&region=all`)
        await count.waitFor({ timeout: 60_000 })
        await table.getByRole('link').first().waitFor()
      })
      const total = figureOf((await count.textContent())!.split(' ')[0]!)
      if (total < COUNT) throw new Error(`expected at least ${COUNT} instances, the page shows ${total}`)
      console.log(
        `${label}: instance list render ${total} instances (page load to rows shown, includes fetching them over the proxy): median ${median(loads)} ms of ${RUNS} (${loadNote()})`,
      )

      const search = page.getByRole('textbox', { name: 'Search' })
      const filters = await timeFilterTyping(
        search,
        (run) => `bulk-instance-0${run + 1}00`,
        page.getByText(new RegExp(`^${FIGURE} of ${FIGURE} instances$`)),
        count,
      )
      console.log(
        `${label}: instance list filter ${total} instances by typing (keystrokes to filtered rows): median ${median(filters)} ms of ${RUNS} (${loadNote()})`,
      )

      // Each click flips the order, so the first row always changes: the time to that change is the sort's cost.
      await search.fill('')
      await count.waitFor()
      const header = table.getByRole('button', { name: 'Private IP', exact: true })
      const firstRow = table.locator('tbody tr[aria-rowindex="2"]')
      let before = ''
      const sorts = await timeRuns(
        async () => {
          await header.click()
          await page.waitForFunction(
            (previous) =>
              document.querySelector('table[aria-label="Instances"] tbody tr[aria-rowindex="2"]')?.textContent !==
              previous,
            before,
          )
        },
        async () => {
          before = (await firstRow.textContent()) ?? ''
        },
      )
      console.log(
        `${label}: instance list sort ${total} instances by private IP (click to sorted rows): median ${median(sorts)} ms of ${RUNS} (${loadNote()})`,
      )
    },
  )
}
