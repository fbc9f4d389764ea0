// zod's share of opening the networks list (200 rows) at 4x CPU throttling, as a mobile profile sees it: a sampled
// CPU profile of each load, its frames mapped to sources through the build's source maps, zod's self time split
// into building schemas and reading answers (under zod's parse). Not a *.bench.ts: run it by hand, e.g.
//   BENCH_BASE_DIST=/tmp/base/dist CHROMIUM_PATH=/usr/lib/chromium/chromium-headless-shell npx tsx bench/zod-profile.ts
// The chunk a building frame is called from names module evaluation (a chunk's top level maps to no source).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SourceMapConsumer } from 'source-map-js'
import { benchBuilds, loadNote, median, withBrowserBench } from './harness.ts'
import { listShown } from './trace.ts'

const RUNS = 7

interface CallFrame {
  url: string
  lineNumber: number
  columnNumber: number
}

for (const { label, distDir } of benchBuilds()) {
  const maps = new Map<string, SourceMapConsumer | null>()
  const sourceOf = ({ url, lineNumber, columnNumber }: CallFrame): string => {
    if (!url.startsWith('http')) return ''
    if (!maps.has(url)) {
      const file = join(distDir, `${new URL(url).pathname}.map`)
      maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null)
    }
    const source = maps.get(url)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).source
    return source ?? new URL(url).pathname
  }

  await withBrowserBench(
    { name: 'bench-zod-profile-', seed: { seeder: 'seedManyNetworks', count: 200 }, signInAt: '/networks', distDir },
    async ({ base, page }) => {
      const figures: Record<string, number[]> = {}
      for (let run = 0; run < RUNS; run++) {
        await page.goto('about:blank')
        const cdp = await page.context().newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        await cdp.send('Profiler.start')
        await page.goto(`${base}/networks?project=all&region=all`)
        await listShown(page)
        const { profile } = await cdp.send('Profiler.stop')
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
        await cdp.detach()

        const sums: Record<string, number> = {}
        const add = (key: string, ms: number) => (sums[key] = (sums[key] ?? 0) + ms)
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
        const parents = new Map<number, number>()
        for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
        profile.samples!.forEach((id, i) => {
          const ms = (profile.timeDeltas![i + 1] ?? 0) / 1000
          const { callFrame } = nodes.get(id)!
          if (!['(idle)', '(program)', '(garbage collector)'].includes(callFrame.functionName)) add('JavaScript', ms)
          if (!sourceOf(callFrame).includes('node_modules/zod/')) return
          add('zod', ms)
          let parsing = false
          let caller = ''
          for (let up = parents.get(id); up !== undefined; up = parents.get(up)) {
            const source = sourceOf(nodes.get(up)!.callFrame)
            if (source.includes('zod/v4/core/parse')) parsing = true
            else if (!caller && !source.includes('node_modules/zod/')) caller = source
          }
          add(parsing ? 'zod reading answers' : 'zod building schemas', ms)
          if (!parsing) add(`  building, called from ${caller.replace(/-[\w-]{7,8}\.js$/, '.js')}`, ms)
        })
        for (const [key, ms] of Object.entries(sums)) (figures[key] ??= []).push(ms)
      }
      console.log(
        `zod-profile ${label}: networks list load at 4x CPU throttling, self time, medians of ${RUNS} (${loadNote()})`,
      )
      for (const [key, runs] of Object.entries(figures))
        console.log(`  ${key}: ${median(runs).toFixed(1)} ms (runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')})`)
    },
  )
}
