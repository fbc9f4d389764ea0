import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { readTextIfExists, writeFileAtomic } from './atomic-file.ts'

/**
 * The append-only journal beside the state snapshot: a header line naming it, then one JSON line per committed
 * batch of changes. The snapshot names the journal that follows it, so a journal left over from before the latest
 * snapshot is recognised and ignored.
 */

export interface Batch {
  puts?: Record<string, object[]>
  dels?: Record<string, string[]>
}

export interface JournalContents {
  batches: Batch[]
  /** A line other than the last was unreadable: the file is damaged, not merely cut short by a crash. */
  damaged: boolean
}

/** The batches of the journal at `path` when it follows the snapshot `id`; none when it is missing or stale. */
export async function readJournal(path: string, id: string): Promise<JournalContents> {
  const text = await readTextIfExists(path)
  if (text === null) return { batches: [], damaged: false }
  const lines = text.split('\n')
  // A crash can cut the last append short; that batch was never acknowledged (it was not yet fsynced).
  const complete = lines.slice(0, -1)
  const header = parse(complete[0])
  if (!header || (header as { journal?: unknown }).journal !== id) return { batches: [], damaged: false }
  const batches: Batch[] = []
  for (let i = 1; i < complete.length; i++) {
    const batch = parse(complete[i])
    if (!batch) return { batches, damaged: true }
    batches.push(batch as Batch)
  }
  return { batches, damaged: false }
}

function parse(line: string | undefined): object | null {
  if (!line) return null
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/** An open journal that batches are appended to, each made durable before `append` resolves. */
export class Journal {
  private constructor(
    private readonly handle: FileHandle,
    /** Bytes written, header included. */
    public bytes: number,
  ) {}

  /** Replaces whatever is at `path` with a new, empty journal following the snapshot `id`. */
  static async create(path: string, id: string): Promise<Journal> {
    const header = `${JSON.stringify({ journal: id })}\n`
    await writeFileAtomic(path, header)
    // O_DSYNC: each write returns once it is on disk, one round trip to the thread pool instead of write + fdatasync.
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_DSYNC
    return new Journal(await open(path, flags), Buffer.byteLength(header))
  }

  /** Serializes the batch at once (its records may change while it is written), and resolves once it is durable. */
  async append(batch: Batch): Promise<void> {
    const line = Buffer.from(`${JSON.stringify(batch)}\n`)
    let written = 0
    while (written < line.length) written += (await this.handle.write(line, written)).bytesWritten
    this.bytes += line.length
  }

  async close(): Promise<void> {
    await this.handle.close()
  }
}
