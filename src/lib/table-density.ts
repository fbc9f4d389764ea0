import { useSyncExternalStore } from 'react'

/**
 * How tightly list tables set their rows, chosen once per browser and kept in localStorage: every list table follows
 * it, and a virtualized table takes its row height from it.
 */
type TableDensity = 'comfortable' | 'compact'

const KEY = 'cloud-console.table-density.v1'
const listeners = new Set<() => void>()

// Read from storage each time, not cached: a string snapshot stays stable for React, and a cleared storage (another
// tab's, a test's) never leaves a stale copy behind.
function read(): TableDensity {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'compact' ? 'compact' : 'comfortable'
  } catch {
    return 'comfortable'
  }
}

function setTableDensity(density: TableDensity): void {
  try {
    globalThis.localStorage?.setItem(KEY, density)
  } catch {
    // Private browsing may refuse storage: the tables then keep the default.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useTableDensity(): [TableDensity, (density: TableDensity) => void] {
  return [useSyncExternalStore(subscribe, read, () => 'comfortable' as const), setTableDensity]
}

// A compact cell's top and bottom padding, down from Mantine's xs spacing (10 px).
const COMPACT_PADDING = 4

/**
 * A table's rows in a density: the cells' vertical padding (Table's verticalSpacing) and the row's height, which a
 * virtualized table spaces its rows by; `comfortable` is the height the table asks for.
 */
export function rowsIn(density: TableDensity, comfortable: number): { padding: 'xs' | number; height: number } {
  return density === 'compact'
    ? { padding: COMPACT_PADDING, height: comfortable - 2 * (10 - COMPACT_PADDING) }
    : { padding: 'xs', height: comfortable }
}
