import { writeFileSync } from 'node:fs'
import { seedManyNetworks } from '../server/local-cloud/testing.ts'
import { withBrowserBench } from './harness.ts'
await withBrowserBench(
  { name: 'bench-listprof-', seed: (cloud) => seedManyNetworks(cloud, 10_000), signInAt: '/networks' },
  async ({ base, page }) => {
    const count = page.getByText(/^\d+ networks$/)
    await count.waitFor({ timeout: 60_000 })
    for (let run = 0; run < 3; run++) {
      await page.goto(`${base}/networks?project=all&region=all`)
      await count.waitFor({ timeout: 60_000 })
    }
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const t0 = Date.now()
    await page.goto(`${base}/networks?project=all&region=all`)
    await count.waitFor({ timeout: 60_000 })
    await page.getByRole('table', { name: 'Networks' }).getByRole('link').first().waitFor()
    const t1 = Date.now()
    const { profile } = await cdp.send('Profiler.stop')
    writeFileSync('/tmp/list-browser.cpuprofile', JSON.stringify(profile))
    console.log('load ms', t1 - t0)
  },
)
