import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.mjs'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

/** `npm start` builds the SPA when there is no build or a source file is newer than it. */
export function buildIfNeeded(distDir: string): void {
  const built = join(distDir, 'index.html')
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  const sourcesAt = Math.max(...SOURCES.map(newestMtime))
  if (builtAt >= sourcesAt) return
  console.log(
    builtAt ? 'Sources changed since the last build; rebuilding the console…' : 'Building the console (first start)…',
  )
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The console build failed; see the output above.')
}
