import { mkdirSync, readFileSync } from 'node:fs'
import { open, rename, writeFile, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  isRefused,
  refusedShare,
  type ActivityEntry,
  type ActivityLimits,
  type ActivityLog,
  type Dropped,
  type Kept as KeptAt,
  type Stream,
} from './activity.ts'

type Kept = Record<Stream, ActivityEntry[]>

/** A line of the file that is no entry: what an organization had dropped when the file was last rewritten. */
interface DroppedLine {
  organizationId: string
  dropped: Dropped
}

/**
 * The log in this process's memory, and, given a file (`DATA_DIR/console-activity.jsonl`), on disk: each entry is
 * appended as a JSON line before `record` resolves, and the file is read back at start, so a restart (or a crash
 * after the answer, or before it) keeps the log. An entry that replaces another is appended too, with its id: read
 * back, the later line stands. The file is rewritten from memory when it holds twice what is kept.
 */
export class MemoryActivityLog implements ActivityLog {
  private readonly kept = new Map<string, Kept>()
  /** The entries whose write was not answered yet, or whose answer the console never saw, by id. */
  private readonly pending = new Map<string, ActivityEntry>()
  private readonly droppedOf = new Map<string, Dropped>()
  private total = 0
  private lines = 0
  private handle?: Promise<FileHandle>
  /** File writes, one at a time: an append never lands in a file being replaced. */
  private writing: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly limits: ActivityLimits,
    private readonly file?: string,
  ) {
    if (!file) return
    mkdirSync(dirname(file), { recursive: true })
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    for (const line of text.split('\n')) {
      if (!line) continue
      this.lines++
      try {
        const read = JSON.parse(line) as ActivityEntry | DroppedLine
        if ('dropped' in read) {
          for (const stream of ['accepted', 'refused'] as const) {
            const at = read.dropped[stream]
            if (at) this.noteDropped(read.organizationId, stream, at)
          }
        } else this.replace(read.id, read)
      } catch {
        // A line cut short by a crash mid-write: the entries before it stand.
      }
    }
  }

  /** Entries kept in all, for the bench and the tests of the bound. */
  get size(): number {
    return this.total
  }

  async record(entry: ActivityEntry, replacing?: KeptAt) {
    this.replace(replacing?.id, entry)
    const kept = { organizationId: entry.organizationId, id: entry.id }
    if (!this.file) return kept
    const line = `${JSON.stringify(entry)}\n`
    const written = (this.writing = this.writing.then(async () => {
      await (await this.fileHandle()).write(line)
      if (++this.lines > 2 * this.total + 1000) await this.compact()
    }))
    await written
    return kept
  }

  async list(organizationId: string) {
    const kept = this.kept.get(organizationId)
    if (!kept) return []
    // Newest first; entries of one millisecond stay in the order they came, reversed (the sort is stable).
    return [...kept.accepted, ...kept.refused].reverse().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  }

  async dropped(organizationId: string) {
    return { ...this.droppedOf.get(organizationId) }
  }

  async close() {
    await this.writing.catch(() => undefined)
    const handle = await this.handle?.catch(() => undefined)
    this.handle = undefined
    await handle?.close()
    this.kept.clear()
    this.pending.clear()
    this.droppedOf.clear()
    this.total = 0
  }

  /** Keeps the entry in place of the unanswered one of that id, if it is still kept. */
  private replace(id: string | undefined, entry: ActivityEntry) {
    const before = id === undefined ? undefined : this.pending.get(id)
    const stream = before && this.kept.get(before.organizationId)?.accepted
    const at = stream?.lastIndexOf(before!) ?? -1
    if (at >= 0) {
      stream!.splice(at, 1)
      this.pending.delete(id!)
      this.total--
    }
    this.keep(entry)
  }

  private keep(entry: ActivityEntry) {
    if (entry.status === undefined) this.pending.set(entry.id, entry)
    let kept = this.kept.get(entry.organizationId)
    if (!kept) this.kept.set(entry.organizationId, (kept = { accepted: [], refused: [] }))
    const stream: Stream = isRefused(entry) ? 'refused' : 'accepted'
    kept[stream].push(entry)
    this.total++
    const cap = stream === 'refused' ? refusedShare(this.limits.perOrganization) : this.limits.perOrganization
    if (kept[stream].length > cap) this.dropOldest(entry.organizationId, kept, stream)
    while (this.total > this.limits.total) this.dropFromLargest()
  }

  private dropOldest(organizationId: string, kept: Kept, stream: Stream) {
    const gone = kept[stream].shift()
    if (!gone) return
    if (gone.status === undefined) this.pending.delete(gone.id)
    this.total--
    this.noteDropped(organizationId, stream, gone.at)
  }

  private noteDropped(organizationId: string, stream: Stream, at: string) {
    const dropped = this.droppedOf.get(organizationId) ?? {}
    if (!dropped[stream] || dropped[stream] < at) dropped[stream] = at
    this.droppedOf.set(organizationId, dropped)
  }

  /** The oldest entry of the organization that keeps the most (its refusals first). */
  private dropFromLargest() {
    let largest: [string, Kept] | undefined
    let most = 0
    for (const pair of this.kept) {
      const count = pair[1].accepted.length + pair[1].refused.length
      if (count > most) [largest, most] = [pair, count]
    }
    if (!largest) return
    const [organizationId, kept] = largest
    this.dropOldest(organizationId, kept, kept.refused.length ? 'refused' : 'accepted')
    if (most === 1) this.kept.delete(organizationId)
  }

  private fileHandle(): Promise<FileHandle> {
    this.handle ??= open(this.file!, 'a')
    return this.handle
  }

  /** Replaces the file with what is kept now: written beside it, then renamed over it. */
  private async compact() {
    const all = [...this.kept.values()].flatMap((kept) => [...kept.accepted, ...kept.refused])
    all.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    // What was dropped first: the entries that told it are not written again.
    const dropped: DroppedLine[] = [...this.droppedOf].map(([organizationId, d]) => ({ organizationId, dropped: d }))
    const next = `${this.file}.next`
    await writeFile(next, [...dropped, ...all].map((line) => `${JSON.stringify(line)}\n`).join(''))
    const handle = await this.handle
    this.handle = undefined
    await handle?.close()
    await rename(next, this.file!)
    this.lines = dropped.length + all.length
  }
}
