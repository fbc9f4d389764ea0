// Plain JavaScript: `npm start`'s launcher (bundle.mjs) runs under `node` before any TypeScript loader, and the
// TypeScript side (build-if-needed.ts) shares it through newest-mtime.d.mts.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The latest modification time of a file, or of anything below a directory; 0 when it does not exist. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}
