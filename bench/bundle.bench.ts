// Entry JS size (gzip) against the 160 KB budget, and every lazily loaded page chunk. Builds first if needed.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfNeeded } from '../server/build-if-needed.ts'

const dist = 'dist'
buildIfNeeded(dist)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
// The entry script and what it preloads are what the first page waits for.
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const entryBytes = entryFiles.reduce((sum, file) => sum + gz(file), 0)
const budget = 160 * 1024
console.log(
  `bundle entry JS (gzip): ${kb(entryBytes)} of the ${kb(budget)} budget${entryBytes > budget ? ' — OVER BUDGET' : ''} [${entryFiles.join(', ')}]`,
)

const routeChunks = readdirSync(join(dist, 'assets'))
  .filter((file) => /Route-[\w-]+\.js$/.test(file))
  .map((file) => ({ file, bytes: gz(join('assets', file)) }))
  .sort((a, b) => b.bytes - a.bytes)
for (const chunk of routeChunks)
  console.log(`bundle page chunk ${chunk.file.replace(/-[\w-]+\.js$/, '')}: ${kb(chunk.bytes)} gzip`)
const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css') && existsSync(join(dist, 'assets', f)))
console.log(`bundle CSS (gzip): ${kb(css.reduce((sum, f) => sum + gz(join('assets', f)), 0))}`)
