import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The latest modification time of a file, or of anything below a directory; 0 when it does not exist. */
export function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false })
  if (!info) return 0
  return info.isDirectory() ? newestBelow(path, info.mtimeMs) : info.mtimeMs
}

// One stat per entry: readdir's types say which entries are directories (an existsSync before each stat, and a stat
// to learn the type, made it three calls a file, on the some 600 files every `npm start` checks before it listens).
function newestBelow(dir: string, newest: number): number {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const at = entry.isDirectory() ? newestBelow(path, statSync(path).mtimeMs) : statSync(path).mtimeMs
    if (at > newest) newest = at
  }
  return newest
}
