// Entry JS size (gzip) against the 160 KB budget, the whole boot path (the entry and the shell chunk index.html
// preloads beside it, gzip and the Brotli copies the console serves) against the same 160 KB (#30), what four pages'
// first screens download and in how many requests (the new network form's against a target of 20 scripts, #53), and
// every lazily loaded page chunk. Builds first if needed; with
// BENCH_BASE_DIST, that build's figures first, for before and after in one run.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfNeeded } from '../server/build-if-needed.ts'
import { PAGE_PRELOADS_FILE, type PageLinks } from '../server/console/page-preloads.ts'
import { benchBuilds } from './harness.ts'

const FORM_SCRIPTS = 20

for (const { label, distDir } of benchBuilds()) {
  if (distDir === 'dist') buildIfNeeded(distDir)
  console.log(`bundle figures of ${label} (${distDir}):`)
  report(distDir)
}

function report(dist: string) {
  // Every page's: the console server adds each page's own chunks to it (server/console/page-preloads.ts).
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const scripts = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!)
  // The entry: the module script, and what it imports statically (preloaded): React, the router, the session check.
  const entryFiles = scripts(/<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/g)
  // The boot path of a signed-in page: the entry and the shell chunk index.html preloads beside it.
  const bootFiles = [...entryFiles, ...scripts(/<link rel="modulepreload"[^>]* href="\/(assets\/[^"]+\.js)"/g)]
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  // The console sends a file of 1 KB or less as it is (the build writes no Brotli copy of it).
  const br = (file: string) =>
    existsSync(join(dist, `${file}.br`))
      ? readFileSync(join(dist, `${file}.br`)).length
      : readFileSync(join(dist, file)).length <= 1024
        ? readFileSync(join(dist, file)).length
        : NaN
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const sum = (files: string[], size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0)

  function budgetLine(label: string, files: string[], budget: number) {
    const bytes = sum(files, gz)
    console.log(
      `bundle ${label} JS (gzip): ${kb(bytes)} of the ${kb(budget)} budget (${bytes > budget ? 'OVER BUDGET' : 'met'}), ${kb(sum(files, br))} as served (Brotli) [${files.join(', ')}]`,
    )
  }
  budgetLine('entry', entryFiles, 160 * 1024)
  budgetLine('boot path', bootFiles, 160 * 1024)

  // What a page's first screen downloads and runs, boot path included: its route chunk and every chunk that chunk imports
  // statically, which the entry preloads with it. Code moved out of the boot path into chunks every page imports anyway
  // makes the boot path smaller and this no smaller, so the two are read together.
  const chunkImports = (file: string) =>
    [...readFileSync(join(dist, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) =>
      join('assets', m[1]!),
    )
  function withImports(starts: string[]): Set<string> {
    const seen = new Set<string>()
    const todo = [...starts]
    for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
      if (seen.has(file)) continue
      seen.add(file)
      todo.push(...chunkImports(file))
    }
    return seen
  }
  const routeChunk = (name: string) => {
    const file = readdirSync(join(dist, 'assets')).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f))
    if (!file) throw new Error(`no ${name} chunk`)
    return join('assets', file)
  }
  // And the requests that carries: each a round trip, on a phone's network sharing the bandwidth with the entry while it
  // waits. A page's HTML names its chunks and stylesheets (server/console/page-preloads.ts), index.html the entry's own.
  const pageLinks = JSON.parse(readFileSync(join(dist, PAGE_PRELOADS_FILE), 'utf8')) as Record<string, PageLinks>
  const bootStyles = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!)
  for (const [page, route, path] of [
    ['the overview', 'OverviewRoute', '/'],
    ['the networks list', 'NetworkListRoute', '/networks'],
    ['a network', 'NetworkDetailRoute', '/networks/:id'],
    ['the new network form', 'NetworkCreateRoute', '/networks/new'],
  ] as const) {
    const files = [...withImports([...bootFiles, routeChunk(route)])]
    const styles = new Set([...bootStyles, ...(pageLinks[path]?.styles ?? []).map((href) => href.slice(1))])
    // Issue 53: a form's first screen is one chunk group, as the lists' is.
    const target =
      route === 'NetworkCreateRoute'
        ? ` (target ≤ ${FORM_SCRIPTS} scripts: ${files.length <= FORM_SCRIPTS ? 'met' : 'MISSED'})`
        : ''
    console.log(
      `bundle first screen of ${page} (the boot path, its page's chunk and what they import): ${kb(sum(files, gz))} gzip, ${kb(sum(files, br))} Brotli, ${files.length} scripts and ${styles.size} stylesheets${target}`,
    )
  }
  // Loaded on any page, once there is a first notification to show (src/app/first-notification.ts): not in the
  // entry's or the boot path's budget, so printed on its own.
  const besideBoot = readdirSync(join(dist, 'assets')).filter((file) => /^notifications-host-[\w-]+\.js$/.test(file))
  if (besideBoot.length !== 1) throw new Error(`expected one notifications-host chunk, found ${besideBoot.length}`)
  const notifications = join('assets', besideBoot[0]!)
  console.log(
    `bundle notifications (loaded with the first notification): ${kb(gz(notifications))} gzip, ${kb(br(notifications))} Brotli`,
  )

  const routeChunks = readdirSync(join(dist, 'assets'))
    .filter((file) => /Route-[\w-]+\.js$/.test(file))
    .map((file) => ({ file, bytes: gz(join('assets', file)) }))
    .sort((a, b) => b.bytes - a.bytes)
  for (const chunk of routeChunks)
    console.log(`bundle page chunk ${chunk.file.replace(/-[\w-]+\.js$/, '')}: ${kb(chunk.bytes)} gzip`)
  const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css') && existsSync(join(dist, 'assets', f)))
  console.log(`bundle CSS (gzip): ${kb(css.reduce((sum, f) => sum + gz(join('assets', f)), 0))}`)
}
