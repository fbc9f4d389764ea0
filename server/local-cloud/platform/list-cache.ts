/**
 * Serialized read shapes of individual records, reused across list requests: a list of 10,000 networks is then
 * a join of cached strings instead of 10,000 objects built and stringified. An entry is valid while the record
 * object and the parts that change in place are the same, and until the time its status next changes.
 */
interface Entry {
  deps: readonly unknown[]
  validUntil: number
  json: string
}

export class JsonCache<T extends object> {
  private readonly entries = new WeakMap<T, Entry>()

  constructor(
    private readonly build: (record: T, now: number) => unknown,
    /** What may be replaced in place on the record (e.g. its meta object). */
    private readonly depsOf: (record: T) => readonly unknown[],
    /** Until when the read shape built at `now` stays the same. */
    private readonly validUntilOf: (record: T, now: number) => number,
  ) {}

  get(record: T, now: number): string {
    const deps = this.depsOf(record)
    const cached = this.entries.get(record)
    if (
      cached &&
      now < cached.validUntil &&
      cached.deps.length === deps.length &&
      cached.deps.every((d, i) => d === deps[i])
    )
      return cached.json
    const json = JSON.stringify(this.build(record, now))
    this.entries.set(record, { deps, validUntil: this.validUntilOf(record, now), json })
    return json
  }
}

/** The next moment a resource's provisioning or deletion status changes, as seen from `now`. */
export function statusChangesAt(meta: { readyAt: number; goneAt?: number }, now: number): number {
  if (meta.goneAt !== undefined) return meta.goneAt
  return now < meta.readyAt ? meta.readyAt : Number.POSITIVE_INFINITY
}

interface ListEntry {
  version: number
  validUntil: number
  body: Buffer
}

/**
 * Whole list responses, keyed by caller organization and query, valid while the store is unchanged and until
 * the first status change among the listed items. Consoles poll lists; unchanged ones are answered from here.
 */
export class ListCache {
  private readonly entries = new Map<string, ListEntry>()

  constructor(private readonly capacity = 32) {}

  get(key: string, version: number, now: number): Buffer | undefined {
    const entry = this.entries.get(key)
    if (entry && entry.version === version && now < entry.validUntil) return entry.body
    return undefined
  }

  set(key: string, version: number, validUntil: number, body: Buffer): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { version, validUntil, body })
  }
}
