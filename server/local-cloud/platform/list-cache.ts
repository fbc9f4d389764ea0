interface Entry {
  version: number
  validUntil: number
  /** Encoded once, so a hit costs no serialization and no encoding. */
  json: Uint8Array<ArrayBuffer>
}

/**
 * Whole list answers, keyed by operation, query and caller, valid while the store is unchanged (its version) and
 * until the first status change among the listed items. Consoles poll lists; unchanged ones are answered from here
 * without building and serializing every item again. Every list operation goes through it.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly capacity = 32) {}

  get(key: string, version: number, now: number): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.entries.get(key)
    if (entry && entry.version === version && now < entry.validUntil) return entry.json
    return undefined
  }

  set(key: string, version: number, validUntil: number, json: Uint8Array<ArrayBuffer>): void {
    this.entries.delete(key)
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    this.entries.set(key, { version, validUntil, json })
  }
}
