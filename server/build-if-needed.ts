import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

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
