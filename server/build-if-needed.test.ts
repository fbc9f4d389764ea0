import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * `npm start`'s build step, run as its first start runs it (a child process, the real Vite), on a project of the
 * test's own: a page and a module. The console's own build is the gate's build step; built here again, it cost the
 * unit tier a dozen CPU-seconds to check what a page of two files shows as well.
 */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'console-build-'))
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/src/main.js"></script>')
  writeFileSync(join(root, 'src', 'main.js'), "document.body.textContent = 'built'\n")
  return { root, dist: join(root, 'dist') }
}

function start(root: string, dist: string): string {
  return execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      "import('./server/build-if-needed.ts').then((m) => m.buildIfNeeded(process.argv[1], process.argv[2]))",
      dist,
      root,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
}

describe("npm start's build of the console", () => {
  it('says in one line where its log goes, and keeps Vite’s chunk table there', { timeout: 60_000 }, () => {
    const { root, dist } = project()
    expect(start(root, dist)).toBe(`Building the console (first start): its log goes to ${dist}-build.log…\n`)
    expect(existsSync(join(dist, 'index.html'))).toBe(true)
    expect(readFileSync(`${dist}-build.log`, 'utf8')).toMatch(/assets\/index-[\w-]+\.js .*gzip/)
  })

  it('builds again only once a source is newer than the build, and says so', { timeout: 60_000 }, () => {
    const { root, dist } = project()
    start(root, dist)
    expect(start(root, dist)).toBe('')
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(root, 'src', 'main.js'), later, later)
    expect(start(root, dist)).toBe(
      `Sources changed since the last build; rebuilding the console: its log goes to ${dist}-build.log…\n`,
    )
  })
})
