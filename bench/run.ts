// `npm run bench`: every bench script in turn; each prints its own figures.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const benches = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .sort()
let failed = 0
for (const bench of benches) {
  console.log(`\n== ${bench}`)
  const result = spawnSync('npx', ['tsx', `bench/${bench}`], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
