import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Replaces `path` with `contents` so that a crash at any moment leaves either the old file or the new one:
 * write a temporary file beside it, fsync it, rename it over the target, then fsync the directory.
 */
export async function writeFileAtomic(path: string, contents: string): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true })
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(contents, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  // The rename is durable only once the directory entry is; some platforms cannot open a directory.
  const dirHandle = await open(dir, 'r').catch(() => null)
  if (dirHandle) {
    await dirHandle.sync().catch(() => undefined)
    await dirHandle.close()
  }
}

/** The file's text, or null when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}
