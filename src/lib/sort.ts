import { compareText } from './compare-text'

export interface SortState {
  key: string
  direction: 'asc' | 'desc'
}

/** Where a list starts unless it says otherwise. */
const BY_NAME: SortState = { key: 'name', direction: 'asc' }

/**
 * Reads "name" or "-name" (descending) from a URL parameter; falls back (by default to the name, ascending) when it
 * is missing or the key is not sortable.
 */
export function parseSort(raw: string | null, allowed: readonly string[], fallback: SortState = BY_NAME): SortState {
  if (!raw) return fallback
  const direction = raw.startsWith('-') ? 'desc' : 'asc'
  const key = raw.replace(/^-/, '')
  return allowed.includes(key) ? { key, direction } : fallback
}

export function formatSort(sort: SortState): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key
}

/** A sorted copy; strings compare naturally ("net-2" before "net-10"), missing values sort last. */
export function sortBy<T>(
  rows: readonly T[],
  value: (row: T) => string | number | undefined,
  direction: SortState['direction'],
): T[] {
  const sign = direction === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => {
    const x = value(a)
    const y = value(b)
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y))
    return sign * order
  })
}

/**
 * A sort picker's options, plus the order the URL holds when they do not name it (one a table header set), so the
 * picker shows what the rows are sorted by rather than going blank.
 */
export function sortOptionsWith(options: { value: string; label: string }[], sort: SortState) {
  const value = formatSort(sort)
  if (options.some((option) => option.value === value)) return options
  return [...options, { value, label: `${sort.key}, ${sort.direction === 'asc' ? 'ascending' : 'descending'}` }]
}
