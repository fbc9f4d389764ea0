/**
 * The store's tables: each one's name (in the snapshot, the journal and as a `Store` property) and its record type.
 * A resource's service file declares its own table, next to its record type, and nothing else needs to know it:
 *
 * ```ts
 * declare module '../../platform/store/tables.ts' {
 *   interface Tables {
 *     networks: NetworkRecord
 *   }
 * }
 * defineTable('networks')
 * ```
 *
 * Records are keyed by `meta.id` and named by `meta.name` (see `Table`).
 */
// Filled by declaration merging, one entry per resource file.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tables {}

const declared = new Set<string>()

/**
 * Makes the table exist in every store opened from now on, even over a snapshot written before it was declared
 * (tables in a snapshot exist whether declared or not, so the demo data and tests need no import order).
 */
export function defineTable(name: keyof Tables): void {
  declared.add(name)
}

export function declaredTables(): ReadonlySet<string> {
  return declared
}
