import { openSync, closeSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.ts'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

/**
 * `npm start` builds the SPA when there is no build or a source file is newer than it (`root`: the project's
 * directory; a test's own small project). Vite's output (a table of some sixty chunks) goes to a log beside the
 * build, not to the terminal, where it buried the lines that say where the console is; a failed build prints the
 * log's end.
 */
export function buildIfNeeded(distDir: string, root = '.'): void {
  const builtAt = statSync(join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))))
  if (builtAt >= sourcesAt) return
  const log = `${distDir}-build.log`
  console.log(
    `${builtAt ? 'Sources changed since the last build; rebuilding the console' : 'Building the console (first start)'}: its log goes to ${log}…`,
  )
  const status = runLogged('npx', ['vite', 'build', root, '--outDir', distDir, '--emptyOutDir'], log)
  if (status !== 0) {
    console.error(readFileSync(log, 'utf8').split('\n').slice(-40).join('\n'))
    throw new Error(`The console build failed; its output is above and in ${log}.`)
  }
}

/** Runs a command with its output (stdout and stderr) written to `log`; returns its exit status. */
function runLogged(command: string, args: string[], log: string): number | null {
  // Loaded only to build: node:child_process (with dgram and the socket list it loads) cost every start a few ms.
  const { spawnSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process')
  const fd = openSync(log, 'w')
  try {
    return spawnSync(command, args, { stdio: ['ignore', fd, fd] }).status
  } finally {
    closeSync(fd)
  }
}
