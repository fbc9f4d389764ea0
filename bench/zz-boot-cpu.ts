import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
const run = promisify(execFile)
import { seedManyNetworks } from '../server/local-cloud/testing.ts'
import { withBrowserBench } from './harness.ts'
await withBrowserBench(
  { name: 'bench-bootcpu-', seed: (cloud) => seedManyNetworks(cloud, 10_000), signInAt: '/networks' },
  async ({ base, page }) => {
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const get = async (enc: string) =>
      (await run('curl', ['-s', '-o', '/dev/null', '-w', '%{size_download} %{time_total}', '-H', `Cookie: ${cookies}`, '-H', `Accept-Encoding: ${enc}`, `${base}/console/bootstrap?page=${encodeURIComponent('/networks?project=all&region=all')}`])).stdout
    for (const enc of ['br', 'gzip', 'br']) await get(enc)
    for (const enc of ['br', 'gzip']) {
      const cpus: number[] = []
      for (let i = 0; i < 7; i++) {
        const c = process.cpuUsage()
        const out = await get(enc)
        const u = process.cpuUsage(c)
        cpus.push(Math.round((u.user + u.system) / 1000))
        if (i === 0) console.log(enc, out)
      }
      cpus.sort((a, b) => a - b)
      console.log(`${enc}: server CPU per bootstrap, median ${cpus[3]} ms (${cpus.join(', ')})`)
    }
  },
)
