import { statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.ts'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

/** `npm start` builds the SPA when there is no build or a source file is newer than it. */
export function buildIfNeeded(distDir: string): void {
  const builtAt = statSync(join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0
  const sourcesAt = Math.max(...SOURCES.map(newestMtime))
  if (builtAt >= sourcesAt) return
  console.log(
    builtAt ? 'Sources changed since the last build; rebuilding the console…' : 'Building the console (first start)…',
  )
  // Loaded only to build: node:child_process (with dgram and the socket list it loads) cost every start a few ms.
  const { spawnSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process')
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The console build failed; see the output above.')
}
