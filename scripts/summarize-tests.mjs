// Prints the count per tier and one closing line over every tier ("tests: N passed, N failed"), so CI reads the whole
// gate's count.
import { readFileSync } from 'node:fs'

const [vitestFile, playwrightFile, scaleFile] = process.argv.slice(2)
const tiers = {
  unit: { passed: 0, failed: 0 },
  integration: { passed: 0, failed: 0 },
  e2e: { passed: 0, failed: 0 },
  scale: { passed: 0, failed: 0 },
}
let skipped = 0

const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'))
for (const file of vitest.testResults) {
  const tier = tiers[/\.integration\.test\.tsx?$/.test(file.name) ? 'integration' : 'unit']
  for (const test of file.assertionResults) {
    if (test.status === 'passed') tier.passed++
    else if (test.status === 'failed') tier.failed++
    else skipped++
  }
}
// A file that failed to load has no assertion results: count it as a failure rather than lose it.
for (const file of vitest.testResults)
  if (file.status === 'failed' && file.assertionResults.length === 0) tiers.unit.failed++

function addPlaywright(file, tier) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'))
  tier.passed += stats.expected + stats.flaky
  tier.failed += stats.unexpected
  skipped += stats.skipped
}
addPlaywright(playwrightFile, tiers.e2e)
if (scaleFile) addPlaywright(scaleFile, tiers.scale)

const passed = Object.values(tiers).reduce((sum, tier) => sum + tier.passed, 0)
const failed = Object.values(tiers).reduce((sum, tier) => sum + tier.failed, 0)
console.log()
for (const [name, tier] of Object.entries(tiers))
  console.log(`  ${name.padEnd(12)} ${tier.passed} passed, ${tier.failed} failed`)
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
