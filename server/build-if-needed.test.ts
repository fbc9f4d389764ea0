import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The real build, as `npm start`'s first start runs it, into a directory of the test's.
describe("npm start's build of the console", () => {
  it('says in one line where its log goes, and keeps Vite’s chunk table there', { timeout: 180_000 }, () => {
    const dist = join(mkdtempSync(join(tmpdir(), 'console-build-')), 'dist')
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "import('./server/build-if-needed.ts').then((m) => m.buildIfNeeded(process.argv[1]))",
        dist,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    expect(printed).toBe(`Building the console (first start): its log goes to ${dist}-build.log…\n`)
    expect(existsSync(join(dist, 'index.html'))).toBe(true)
    expect(readFileSync(`${dist}-build.log`, 'utf8')).toMatch(/assets\/index-[\w-]+\.js .*gzip/)
  })
})
