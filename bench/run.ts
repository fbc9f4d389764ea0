// `npm run bench`: every bench script in turn; each prints its own figures. `npm run bench -- <name>…` runs those
// whose file name contains one of the names (`npm run bench -- load-held`).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const names = process.argv.slice(2)
const benches = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts') && (!names.length || names.some((name) => file.includes(name))))
  .sort()
let failed = 0
for (const bench of benches) {
  console.log(`\n== ${bench}`)
  const result = spawnSync('npx', ['tsx', `bench/${bench}`], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
