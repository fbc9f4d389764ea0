// Prints one closing line over every tier ("tests: N passed, N failed"), so CI reads the whole gate's count.
import { readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const [vitestFile, playwrightFile] = process.argv.slice(2)

const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'))
passed += vitest.numPassedTests
failed += vitest.numFailedTests
skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)

const playwright = JSON.parse(readFileSync(playwrightFile, 'utf8'))
passed += playwright.stats.expected + playwright.stats.flaky
failed += playwright.stats.unexpected
skipped += playwright.stats.skipped

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
