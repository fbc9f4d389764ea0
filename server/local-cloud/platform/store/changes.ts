/**
 * Finds the records that changed since they were last written, without help from the code that changes them.
 * Handlers change a record by storing a new object in its table, or by replacing one of its top-level properties
 * (`account.meta = {...}`, `instance.power = ...`): nested objects are values, never edited in place (the JSON
 * caches of list responses rely on the same rule). So a record is unchanged while it is the same object with the same
 * top-level keys holding the same values, which takes a few comparisons per record rather than serializing it.
 */

/** A collection of records by id, as the store holds them. */
export type Collection = ReadonlyMap<string, object>

/** The record itself, then each top-level key and its value, in order. */
type Print = unknown[]

function print(record: object): Print {
  const values: Print = [record]
  for (const key in record) values.push(key, (record as Record<string, unknown>)[key])
  return values
}

function unchanged(before: Print, record: object): boolean {
  if (before[0] !== record) return false
  let i = 1
  for (const key in record) {
    if (before[i] !== key || before[i + 1] !== (record as Record<string, unknown>)[key]) return false
    i += 2
  }
  return i === before.length
}

export interface Changes {
  /** Records added or changed, by collection. */
  puts: Record<string, object[]>
  /** Ids of records removed, by collection. */
  dels: Record<string, string[]>
  empty: boolean
  /** Records these changes as written: later diffs are against them. */
  written(): void
}

export class ChangeTracker {
  private prints = new Map<string, Map<string, Print>>()

  /** Takes the collections as they are as written (after a full snapshot). */
  reset(collections: Iterable<[string, Collection]>): void {
    this.prints = new Map()
    for (const [name, records] of collections) {
      const prints = new Map<string, Print>()
      for (const [id, record] of records) prints.set(id, print(record))
      this.prints.set(name, prints)
    }
  }

  /** What changed in `collections` since the last reset or written diff. */
  diff(collections: Iterable<[string, Collection]>): Changes {
    const puts: Record<string, object[]> = {}
    const dels: Record<string, string[]> = {}
    const updates: [Map<string, Print>, string, Print | null][] = []
    for (const [name, records] of collections) {
      let prints = this.prints.get(name)
      if (!prints) this.prints.set(name, (prints = new Map()))
      let kept = 0
      for (const [id, record] of records) {
        const before = prints.get(id)
        if (before) kept++
        if (before && unchanged(before, record)) continue
        ;(puts[name] ??= []).push(record)
        updates.push([prints, id, print(record)])
      }
      // Every id still present was counted, so the rest were removed.
      if (kept < prints.size) {
        for (const id of prints.keys()) {
          if (records.has(id)) continue
          ;(dels[name] ??= []).push(id)
          updates.push([prints, id, null])
        }
      }
    }
    return {
      puts,
      dels,
      empty: updates.length === 0,
      written: () => {
        for (const [prints, id, value] of updates) {
          if (value) prints.set(id, value)
          else prints.delete(id)
        }
      },
    }
  }
}
