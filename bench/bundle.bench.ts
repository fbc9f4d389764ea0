// Entry JS size (gzip) against the 160 KB budget, the whole boot path (the entry and the shell chunk index.html
// preloads beside it, gzip and the Brotli copies the console serves) against the same 160 KB (#30), and every lazily
// loaded page chunk. Builds first if needed.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfNeeded } from '../server/build-if-needed.ts'

const dist = 'dist'
buildIfNeeded(dist)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const scripts = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!)
// The entry: the module script, and what it imports statically (preloaded): React, the router, the session check.
const entryFiles = scripts(/<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/g)
// The boot path of a signed-in page: the entry and the shell chunk index.html preloads beside it.
const bootFiles = [...entryFiles, ...scripts(/<link rel="modulepreload"[^>]* href="\/(assets\/[^"]+\.js)"/g)]
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const br = (file: string) =>
  existsSync(join(dist, `${file}.br`)) ? readFileSync(join(dist, `${file}.br`)).length : NaN
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const sum = (files: string[], size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0)

function budgetLine(label: string, files: string[], budget: number) {
  const bytes = sum(files, gz)
  console.log(
    `bundle ${label} JS (gzip): ${kb(bytes)} of the ${kb(budget)} budget${bytes > budget ? ' — OVER BUDGET' : ''}, ${kb(sum(files, br))} as served (Brotli) [${files.join(', ')}]`,
  )
}
budgetLine('entry', entryFiles, 160 * 1024)
budgetLine('boot path', bootFiles, 160 * 1024)
// Loaded at boot too, but beside the entry rather than before the first paint (src/app/providers.tsx): not in the
// entry's or the boot path's budget, so printed on its own.
const besideBoot = readdirSync(join(dist, 'assets')).filter((file) => /^notifications-host-[\w-]+\.js$/.test(file))
if (besideBoot.length !== 1) throw new Error(`expected one notifications-host chunk, found ${besideBoot.length}`)
const notifications = join('assets', besideBoot[0]!)
console.log(
  `bundle notifications (loaded beside the boot path): ${kb(gz(notifications))} gzip, ${kb(br(notifications))} Brotli`,
)

const routeChunks = readdirSync(join(dist, 'assets'))
  .filter((file) => /Route-[\w-]+\.js$/.test(file))
  .map((file) => ({ file, bytes: gz(join('assets', file)) }))
  .sort((a, b) => b.bytes - a.bytes)
for (const chunk of routeChunks)
  console.log(`bundle page chunk ${chunk.file.replace(/-[\w-]+\.js$/, '')}: ${kb(chunk.bytes)} gzip`)
const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css') && existsSync(join(dist, 'assets', f)))
console.log(`bundle CSS (gzip): ${kb(css.reduce((sum, f) => sum + gz(join('assets', f)), 0))}`)
