import { readdir, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { readTextIfExists, writeFileAtomic } from './atomic-file.ts'
import type {
  FileStorageRecord,
  GroupRecord,
  InstanceRecord,
  NetworkRecord,
  OrganizationRecord,
  ProjectRecord,
  SecurityGroupRecord,
  ServiceAccountRecord,
  StateData,
  UserRecord,
} from './records.ts'

const STATE_FILE = 'state.json'
/**
 * Writes are coalesced: a burst of changes within the delay is persisted once. The delay grows with the cost of
 * a write (serializing a large state blocks the event loop), so persistence takes a bounded share of the time.
 */
const MIN_WRITE_DELAY_MS = 50
const MAX_WRITE_DELAY_MS = 1000

type Keyed = { meta: { id: string; goneAt?: number } }

/** One kind of resource, by id, in creation order. */
export class Table<T extends Keyed> {
  readonly byId = new Map<string, T>()

  constructor(items: T[] = []) {
    for (const item of items) this.byId.set(item.meta.id, item)
  }

  get(id: string): T | undefined {
    return this.byId.get(id)
  }

  set(item: T): void {
    this.byId.set(item.meta.id, item)
  }

  delete(id: string): void {
    this.byId.delete(id)
  }

  values(): IterableIterator<T> {
    return this.byId.values()
  }

  /** Removes resources whose deletion has completed; true when any was removed. */
  sweep(now: number): boolean {
    let removed = false
    for (const [id, item] of this.byId) {
      if (item.meta.goneAt !== undefined && item.meta.goneAt <= now) {
        this.byId.delete(id)
        removed = true
      }
    }
    return removed
  }

  toArray(): T[] {
    return [...this.byId.values()]
  }
}

/** The local cloud's state in memory, persisted to `{dataDir}/state.json`. */
export class Store {
  organizations = new Map<string, OrganizationRecord>()
  projects = new Table<ProjectRecord>()
  groups = new Table<GroupRecord>()
  users = new Table<UserRecord>()
  serviceAccounts = new Table<ServiceAccountRecord>()
  networks = new Table<NetworkRecord>()
  securityGroups = new Table<SecurityGroupRecord>()
  fileStorage = new Table<FileStorageRecord>()
  instances = new Table<InstanceRecord>()

  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private dirty = false
  private writeDelayMs = MIN_WRITE_DELAY_MS
  /** Bumped on every change (every change marks the store dirty), so derived data can be cached against it. */
  version = 0
  private nextSweep = Number.POSITIVE_INFINITY
  /** Called whenever the set of service-account tokens may have changed. */
  onTokensChanged: () => void = () => undefined

  private constructor(private readonly path: string) {}

  /** Opens the state in `dataDir`, seeding it (and writing it) when there is none. */
  static async open(dataDir: string, seed: () => StateData): Promise<Store> {
    const store = new Store(join(dataDir, STATE_FILE))
    await removeAbandonedTempFiles(store.path)
    const text = await readTextIfExists(store.path)
    let data: StateData | null = null
    if (text !== null) {
      data = parseState(text)
      if (!data) {
        // Only a hand-edited file can be unreadable (writes are atomic); keep it for inspection and start afresh.
        const aside = `${store.path}.unreadable-${Date.now()}`
        await rename(store.path, aside)
        console.warn(`local cloud: ${store.path} was not readable state; moved it to ${aside} and loaded the demo data`)
      }
    }
    store.load(data ?? seed())
    if (!data) await store.flush(true)
    return store
  }

  /** Replaces everything with `data` (used by reset and at open). */
  load(data: StateData): void {
    this.organizations = new Map(data.organizations.map((o) => [o.id, o]))
    this.projects = new Table(data.projects)
    this.groups = new Table(data.groups)
    this.users = new Table(data.users)
    this.serviceAccounts = new Table(data.serviceAccounts)
    this.networks = new Table(data.networks)
    this.securityGroups = new Table(data.securityGroups)
    this.fileStorage = new Table(data.fileStorage)
    this.instances = new Table(data.instances)
    this.nextSweep = Number.NEGATIVE_INFINITY
    this.version++
    this.onTokensChanged()
  }

  snapshot(): StateData {
    return {
      version: 1,
      organizations: [...this.organizations.values()],
      projects: this.projects.toArray(),
      groups: this.groups.toArray(),
      users: this.users.toArray(),
      serviceAccounts: this.serviceAccounts.toArray(),
      networks: this.networks.toArray(),
      securityGroups: this.securityGroups.toArray(),
      fileStorage: this.fileStorage.toArray(),
      instances: this.instances.toArray(),
    }
  }

  private tables(): Table<Keyed>[] {
    return [
      this.projects,
      this.groups,
      this.users,
      this.serviceAccounts,
      this.networks,
      this.securityGroups,
      this.fileStorage,
      this.instances,
    ] as unknown as Table<Keyed>[]
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
    for (const table of this.tables()) {
      if (table.sweep(now)) removed = true
      for (const item of table.values()) if (item.meta.goneAt !== undefined) next = Math.min(next, item.meta.goneAt)
    }
    this.nextSweep = next
    if (removed) {
      this.onTokensChanged()
      this.markDirty()
    }
  }

  markDirty(): void {
    this.version++
    this.dirty = true
    if (this.timer || this.writing) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush().catch((error: unknown) => console.error('local cloud: could not persist state', error))
    }, this.writeDelayMs)
    this.timer.unref()
  }

  /** Persists pending changes (or everything, when `force`), waiting for a write already under way. */
  async flush(force = false): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    while (this.writing) await this.writing
    if (!this.dirty && !force) return
    this.dirty = false
    const started = performance.now()
    const text = JSON.stringify(this.snapshot())
    this.writeDelayMs = Math.min(MAX_WRITE_DELAY_MS, Math.max(MIN_WRITE_DELAY_MS, (performance.now() - started) * 10))
    this.writing = writeFileAtomic(this.path, text).finally(() => {
      this.writing = null
    })
    try {
      await this.writing
    } catch (error) {
      this.dirty = true
      throw error
    }
    if (this.dirty) this.markDirty()
  }

  /** Resolves when every change made so far is on disk. */
  commit(): Promise<void> {
    return this.flush()
  }

  async close(): Promise<void> {
    await this.flush()
  }
}

/** A crash between writing a temporary file and renaming it leaves the file behind; the state itself is intact. */
async function removeAbandonedTempFiles(path: string): Promise<void> {
  const prefix = `${basename(path)}.`
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'))
      .map((n) => unlink(join(dirname(path), n)).catch(() => undefined)),
  )
}

function parseState(text: string): StateData | null {
  try {
    const data = JSON.parse(text) as Partial<StateData>
    if (data.version !== 1) return null
    const lists = [
      'organizations',
      'projects',
      'groups',
      'users',
      'serviceAccounts',
      'networks',
      'securityGroups',
      'fileStorage',
      'instances',
    ] as const
    if (!lists.every((key) => Array.isArray(data[key]))) return null
    return data as StateData
  } catch {
    return null
  }
}
