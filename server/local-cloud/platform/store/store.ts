import { randomUUID } from 'node:crypto'
import { copyFile, readdir, rename, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { readTextIfExists, writeFileAtomic } from './atomic-file.ts'
import { Journal, readJournal, type Batch } from './journal.ts'
import type { OrganizationRecord, StateData } from './records.ts'
import { tableNames, type Tables } from './tables.ts'
import { claimDataDir, releaseDataDir } from './data-dir-claim.ts'

const STATE_FILE = 'state.json'
const JOURNAL_FILE = 'state.journal'
/** The journal is folded into a new snapshot once it is larger than this and than the last snapshot. */
const COMPACT_AT_BYTES = 1024 * 1024

type Keyed = { meta: { id: string; name: string; goneAt?: number } }

/**
 * One kind of resource, by id, in creation order, and by name (names are unique within a scope, checked on every
 * create and update). Every change goes through set() or delete(), which tell the store which record changed: the
 * next journal batch holds just those records, whatever the size of the table. Records are values: a change stores a
 * new object, never edits one in place.
 */
export class Table<T extends Keyed> {
  readonly byId = new Map<string, T>()
  private readonly byName = new Map<string, Map<string, T>>()

  constructor(
    items: T[] = [],
    private readonly changed: (id: string) => void = () => undefined,
  ) {
    for (const item of items) this.put(item)
  }

  get(id: string): T | undefined {
    return this.byId.get(id)
  }

  set(item: T): void {
    this.put(item)
    this.changed(item.meta.id)
  }

  delete(id: string): void {
    const item = this.byId.get(id)
    if (!item) return
    this.unname(item)
    this.byId.delete(id)
    this.changed(id)
  }

  values(): IterableIterator<T> {
    return this.byId.values()
  }

  /** The records called `name`, without a scan of the table. */
  named(name: string): IterableIterator<T> {
    return (this.byName.get(name) ?? new Map<string, T>()).values()
  }

  /** Removes resources whose deletion has completed; true when any was removed. */
  sweep(now: number): boolean {
    let removed = false
    for (const [id, item] of this.byId) {
      if (item.meta.goneAt !== undefined && item.meta.goneAt <= now) {
        this.delete(id)
        removed = true
      }
    }
    return removed
  }

  toArray(): T[] {
    return [...this.byId.values()]
  }

  private put(item: T): void {
    const before = this.byId.get(item.meta.id)
    if (before && before.meta.name !== item.meta.name) this.unname(before)
    this.byId.set(item.meta.id, item)
    let named = this.byName.get(item.meta.name)
    if (!named) this.byName.set(item.meta.name, (named = new Map()))
    named.set(item.meta.id, item)
  }

  private unname(item: T): void {
    const named = this.byName.get(item.meta.name)
    named?.delete(item.meta.id)
    if (named?.size === 0) this.byName.delete(item.meta.name)
  }
}

/** The snapshot file: the state, and the id of the journal whose batches follow it. */
type SnapshotFile = StateData & { journal?: string }

interface Waiter {
  version: number
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * The local cloud's state in memory, durable on disk as a snapshot (`state.json`) and a journal of the changes
 * since (`state.journal`). Handlers change records through their tables; commit() resolves once every change made
 * before it is on disk. Changes are written in batches, each fsynced once (group commit): the changes of all
 * requests that arrive while one batch is being synced go into the next.
 */
// The tables are properties named as in `Tables` (store.networks, …), set up by load() from the data and the
// declared tables: a class cannot declare properties from a mapped type, an interface merged with it can.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Store extends TableProperties {}
type TableProperties = { readonly [Name in keyof Tables]: Table<Tables[Name]> }

export class Store {
  organizations = new Map<string, OrganizationRecord>()
  /** Every table by its name, in the order the snapshot lists them. */
  private tableList = new Map<string, Table<Keyed>>()

  /** Bumped on every change, so derived data can be cached against it. */
  version = 0
  /** Every change up to this version is on disk. */
  private durableVersion = 0
  /** Ids of the records changed since the last batch, by collection: the next batch writes these. */
  private changed = new Map<string, Set<string>>()
  private journal: Journal | null = null
  /** The next write is a whole snapshot: after load(), and after a failed append may have left a partial line. */
  private rewrite = true
  private snapshotBytes = 0
  private waiters: Waiter[] = []
  private writer: Promise<void> | null = null
  private nextSweep = Number.POSITIVE_INFINITY
  /** Called whenever the set of service-account tokens may have changed. */
  onTokensChanged: () => void = () => undefined

  private constructor(private readonly dir: string) {}

  private get statePath(): string {
    return join(this.dir, STATE_FILE)
  }

  private get journalPath(): string {
    return join(this.dir, JOURNAL_FILE)
  }

  /**
   * Opens the state in `dataDir`: the snapshot with the journal's batches replayed on it (a batch cut short by a
   * crash was never acknowledged, and is dropped), or the seed when there is none. State read from disk goes through
   * `upgrade`, which brings an older shape up to date. The result is written as a new snapshot before anything else
   * happens.
   */
  static async open(dataDir: string, seed: () => StateData, upgrade?: (data: StateData) => void): Promise<Store> {
    const store = new Store(dataDir)
    await claimDataDir(dataDir)
    await removeAbandonedTempFiles(dataDir)
    const text = await readTextIfExists(store.statePath)
    let data: SnapshotFile | null = null
    if (text !== null) {
      data = parseState(text)
      if (!data) {
        // Only a hand-edited file can be unreadable (writes are atomic); keep it for inspection and start afresh.
        const aside = `${store.statePath}.unreadable-${Date.now()}`
        await rename(store.statePath, aside)
        console.warn(
          `local cloud: ${store.statePath} was not readable state; moved it to ${aside} and loaded the demo data`,
        )
      }
    }
    if (data?.journal) {
      const { batches, damaged } = await readJournal(store.journalPath, data.journal)
      for (const batch of batches) applyBatch(data, batch)
      if (damaged) {
        // A copy: the file stays in place, with the batches replayed from it, until the new snapshot holds them.
        const aside = `${store.journalPath}.unreadable-${Date.now()}`
        await copyFile(store.journalPath, aside)
        console.warn(
          `local cloud: ${store.journalPath} has an unreadable line; replayed the ${batches.length} batches before it and copied the file to ${aside}`,
        )
      }
    }
    if (data) upgrade?.(data)
    store.load(data ?? seed())
    await store.commit()
    return store
  }

  /** Replaces everything with `data` (used by reset and at open); the next write is a whole snapshot. */
  load(data: StateData): void {
    this.organizations = new Map(data.organizations.map((o) => [o.id, o]))
    const lists = data as unknown as Record<string, Keyed[]>
    this.tableList = new Map()
    for (const name of new Set([...tableNamesOf(data), ...tableNames()])) {
      const table = this.table(name, lists[name] ?? [])
      this.tableList.set(name, table)
      Object.defineProperty(this, name, { value: table, configurable: true, enumerable: true })
    }
    this.nextSweep = Number.NEGATIVE_INFINITY
    this.rewrite = true
    this.markDirty()
    this.onTokensChanged()
  }

  /**
   * Replaces one organization. Organizations are kept in the snapshot only, not journaled like the tables: a change
   * (rare, an administrator's) is written as a whole snapshot.
   */
  setOrganization(org: OrganizationRecord): void {
    this.organizations.set(org.id, org)
    this.rewrite = true
    this.markDirty()
  }

  snapshot(): StateData {
    const data: Record<string, unknown> = { version: 1, organizations: [...this.organizations.values()] }
    for (const [name, table] of this.tableList) data[name] = table.toArray()
    return data as StateData
  }

  /** A table whose changes are journaled under `name`, its name in the snapshot. */
  private table(name: string, items: Keyed[]): Table<Keyed> {
    return new Table(items, (id) => {
      let ids = this.changed.get(name)
      if (!ids) this.changed.set(name, (ids = new Set()))
      ids.add(id)
      this.markDirty()
    })
  }

  /** The changes since the last batch, as a batch; the records as they are now. */
  private takeChanges(): Batch | null {
    if (this.changed.size === 0) return null
    const batch: Batch = {}
    for (const [name, ids] of this.changed) {
      const table = this.tableList.get(name)
      for (const id of ids) {
        const record = table?.get(id)
        if (record) ((batch.puts ??= {})[name] ??= []).push(record)
        else ((batch.dels ??= {})[name] ??= []).push(id)
      }
    }
    this.changed = new Map()
    return batch
  }

  /** Notes that a deletion will complete at `goneAt`, so the sweep runs by then. */
  scheduleSweep(goneAt: number): void {
    this.nextSweep = Math.min(this.nextSweep, goneAt)
  }

  /** Drops resources whose deletion has completed. Cheap unless a deletion is due. */
  sweep(now: number): void {
    if (now < this.nextSweep) return
    let removed = false
    let next = Number.POSITIVE_INFINITY
    for (const table of this.tableList.values()) {
      if (table.sweep(now)) removed = true
      for (const item of table.values()) if (item.meta.goneAt !== undefined) next = Math.min(next, item.meta.goneAt)
    }
    this.nextSweep = next
    if (removed) this.onTokensChanged()
  }

  /** Notes a change; it is written in the next batch, which commit() waits for. */
  private markDirty(): void {
    this.version++
    this.startWriter()
  }

  /** Resolves once every change made before the call is on disk; rejects when writing it failed. */
  commit(): Promise<void> {
    if (this.durableVersion >= this.version && !this.rewrite) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.waiters.push({ version: this.version, resolve, reject })
      this.startWriter()
    })
  }

  /** commit(), writing a whole snapshot when `force`. */
  async flush(force = false): Promise<void> {
    if (force) {
      this.rewrite = true
      this.version++
    }
    await this.commit()
  }

  private startWriter(): void {
    // Started once the current synchronous code is done, so the rest of the handler's changes join the batch.
    this.writer ??= Promise.resolve().then(() => this.write())
  }

  /** Writes batches until everything changed is on disk, answering commit() callers as their changes are. */
  private async write(): Promise<void> {
    try {
      while (this.durableVersion < this.version || this.rewrite) {
        // Taken before the first await: the batch holds exactly the changes up to this version.
        const version = this.version
        if (this.rewrite || (this.journal && this.journal.bytes > Math.max(COMPACT_AT_BYTES, this.snapshotBytes))) {
          await this.compact()
        } else {
          const batch = this.takeChanges()
          if (batch) {
            try {
              await this.appendBatch(batch)
            } catch (error) {
              // The line may be partly written: start over from a whole snapshot.
              this.rewrite = true
              throw error
            }
          }
        }
        this.durableVersion = version
        this.waiters = this.waiters.filter((waiter) => {
          if (waiter.version > version) return true
          waiter.resolve()
          return false
        })
      }
    } catch (error) {
      console.error('local cloud: could not persist state', error)
      for (const waiter of this.waiters) waiter.reject(error)
      this.waiters = []
    } finally {
      this.writer = null
    }
    // Changes made after the failure are retried with the next write.
    if (this.waiters.length > 0) this.startWriter()
  }

  private async appendBatch(batch: Batch): Promise<void> {
    if (!this.journal) throw new Error('the journal is not open')
    await this.journal.append(batch)
  }

  /**
   * Folds everything into a new snapshot, then starts a new journal that follows it. A crash in between leaves the
   * new snapshot with the old journal, which names the old snapshot and is ignored.
   */
  private async compact(): Promise<void> {
    const id = randomUUID()
    const text = JSON.stringify({ ...this.snapshot(), journal: id } satisfies SnapshotFile)
    this.changed = new Map()
    this.rewrite = false
    try {
      await this.journal?.close()
      this.journal = null
      await writeFileAtomic(this.statePath, text)
      this.snapshotBytes = Buffer.byteLength(text)
      this.journal = await Journal.create(this.journalPath, id)
    } catch (error) {
      this.rewrite = true
      throw error
    }
  }

  /** Writes what is pending, then leaves the state as one snapshot (no journal). */
  async close(): Promise<void> {
    await this.commit()
    while (this.writer) await this.writer
    await this.journal?.close()
    this.journal = null
    const text = JSON.stringify(this.snapshot())
    await writeFileAtomic(this.statePath, text)
    await unlink(this.journalPath).catch(() => undefined)
    await releaseDataDir(this.dir)
  }
}

/** Applies a journal batch to snapshot data: puts replace (or add) records by id, dels remove them. */
function applyBatch(data: StateData, batch: Batch): void {
  const lists = data as unknown as Record<string, object[] | undefined>
  for (const [name, records] of Object.entries(batch.puts ?? {})) {
    const list = lists[name]
    if (!Array.isArray(list)) continue
    const index = new Map(list.map((record, i) => [idOf(record), i]))
    for (const record of records) {
      const at = index.get(idOf(record))
      if (at === undefined) {
        index.set(idOf(record), list.length)
        list.push(record)
      } else list[at] = record
    }
  }
  for (const [name, ids] of Object.entries(batch.dels ?? {})) {
    const list = lists[name]
    if (!Array.isArray(list)) continue
    const gone = new Set(ids)
    lists[name] = list.filter((record) => !gone.has(idOf(record)))
  }
}

/** Organizations are keyed by `id`, resources by `meta.id`. */
function idOf(record: object): string {
  const r = record as { id?: string; meta?: { id: string } }
  return r.meta?.id ?? r.id ?? ''
}

/** A crash between writing a temporary file and renaming it leaves the file behind; the state itself is intact. */
async function removeAbandonedTempFiles(dir: string): Promise<void> {
  const prefixes = [`${STATE_FILE}.`, `${JOURNAL_FILE}.`]
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => prefixes.some((p) => n.startsWith(p)) && n.endsWith('.tmp'))
      .map((n) => unlink(join(dir, n)).catch(() => undefined)),
  )
}

function parseState(text: string): SnapshotFile | null {
  try {
    const data = JSON.parse(text) as Partial<SnapshotFile> | null
    if (data?.version !== 1 || !Array.isArray(data.organizations)) return null
    const lists = data as unknown as Record<string, unknown>
    if (!tableNamesOf(data as StateData).every((name) => Array.isArray(lists[name]))) return null
    return data as SnapshotFile
  } catch {
    return null
  }
}

/** The tables a snapshot holds: every key but its version, its organizations and the journal it names. */
function tableNamesOf(data: StateData): string[] {
  return Object.keys(data).filter((key) => key !== 'version' && key !== 'organizations' && key !== 'journal')
}
