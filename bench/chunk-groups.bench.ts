// What each chunk group of the build (scripts/chunk-groups.ts) saves: the build is made once as it is and once without
// each group, and every page's first screen (the boot path, the page's chunk and what they import, as the page's HTML
// names them) is weighed in both. A group earns its place where its absence costs scripts (requests, each a round trip
// on a phone) or bytes as served. With BENCH_BASE_DIST nothing changes here: the comparison is within today's tree.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PAGE_PRELOADS_FILE, type PageLinks } from '../server/console/page-preloads.ts'
import { CHUNK_GROUPS } from '../scripts/chunk-groups.ts'
import { loadNote } from './harness.ts'

interface Screen {
  scripts: number
  bytes: number
}

/** Every page's first screen in a build: how many scripts, and their bytes as the console serves them (Brotli). */
function firstScreens(dist: string): Map<string, Screen> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const boot = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="(\/[^"]+\.js)"/g),
  ]
  const bootFiles = boot.map((match) => match[1]!)
  const served = (file: string) => {
    const path = join(dist, file)
    return existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : readFileSync(path).length
  }
  const pages = JSON.parse(readFileSync(join(dist, PAGE_PRELOADS_FILE), 'utf8')) as Record<string, PageLinks>
  const screens = new Map<string, Screen>()
  for (const [page, links] of Object.entries(pages)) {
    const files = new Set([...bootFiles, ...links.scripts])
    screens.set(page, { scripts: files.size, bytes: [...files].reduce((sum, file) => sum + served(file), 0) })
  }
  return screens
}

/** The build's folder, or why it failed (a group left out can leave chunks importing each other). */
function build(omit?: string): { outDir: string; failure?: string } {
  const outDir = mkdtempSync(join(tmpdir(), `chunk-groups-${omit ?? 'all'}-`))
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, ...(omit ? { CHUNK_GROUPS_OMIT: omit } : {}) },
    encoding: 'utf8',
  })
  if (result.status === 0) return { outDir }
  const reason = /RolldownError: (.*)|Error: (.*)/.exec(result.stderr)
  return { outDir, failure: reason?.[1] ?? reason?.[2] ?? `exit ${result.status}` }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const signed = (value: number, unit: (n: number) => string) => `${value < 0 ? '−' : '+'}${unit(Math.abs(value))}`
const FIRST_SCREENS = ['/', '/networks', '/networks/:id', '/networks/new']

const whole = build()
if (whole.failure) throw new Error(`the build failed: ${whole.failure}`)
const withAll = firstScreens(whole.outDir)
console.log(`chunk groups: ${withAll.size} pages' first screens, each built with and without the group (${loadNote()})`)
for (const group of CHUNK_GROUPS) {
  const without = build(group.name)
  if (without.failure) {
    console.log(`chunk group ${group.name}: needed; without it the build fails (${without.failure})`)
    rmSync(without.outDir, { recursive: true, force: true })
    continue
  }
  const screens = firstScreens(without.outDir)
  let scripts = 0
  let bytes = 0
  let pagesSaved = 0
  const named: string[] = []
  for (const [page, after] of withAll) {
    const before = screens.get(page)!
    scripts += before.scripts - after.scripts
    bytes += before.bytes - after.bytes
    if (before.scripts > after.scripts || before.bytes > after.bytes) pagesSaved++
    if (FIRST_SCREENS.includes(page))
      named.push(
        `${page} ${signed(before.scripts - after.scripts, String)} scripts ${signed(before.bytes - after.bytes, kb)}`,
      )
  }
  const verdict = scripts > 0 || bytes > 0 ? `saves on ${pagesSaved} pages` : 'SAVES NOTHING'
  console.log(
    `chunk group ${group.name}: ${verdict}; without it the first screens take ${signed(scripts, String)} scripts and ${signed(bytes, kb)} in all (${named.join(', ')})`,
  )
  rmSync(without.outDir, { recursive: true, force: true })
}
rmSync(whole.outDir, { recursive: true, force: true })
