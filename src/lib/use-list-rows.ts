import { useDeferredValue, useMemo } from 'react'
import type { Tag } from '../api/request'
import { searchText, searchWords } from './list-filters'
import { parseSort, sortBy, type SortState } from './sort'

/** A resource's tags as the texts the search box matches: "name=value". */
export const tagTexts = (tags: readonly Tag[] | undefined): string[] => (tags ?? []).map((t) => `${t.name}=${t.value}`)

interface ListRowsOptions<T, C> {
  /** The column keys the URL's `sort` may name; where it names none of them, the rows sort by `defaultSort`. */
  sortable: readonly string[]
  /** Where the rows start when the URL names no sort; by name unless the list has none (users: by address). */
  defaultSort?: SortState
  /** The texts each row is searched by. */
  search: (row: T, context: C) => (string | undefined)[]
  /** The value a row sorts by under a column key. */
  sortValue: (row: T, key: string, context: C) => string | number | undefined
  /** What search and sort read besides the row, e.g. a name lookup (memoised: it is the memo's input). */
  context: C
  /** The page's own filter beside the search (a user's state, an account's expiry); memoised, as `context` is. */
  keep?: (row: T) => boolean
  /**
   * The regions' names by id. A row's sort value under `region` is its region's id, which is a UUID on the platform:
   * the rows sort by the name the column shows instead.
   */
  regionName?: ReadonlyMap<string, string>
}

/**
 * The rows of a list page that match its URL's search (`q`), sorted by its `sort`, and that sort. `search` and `sortValue` must be stable (module-level
 * functions) and `context` memoised, because they key the memos. Typing stays responsive on 10,000 rows: matching
 * follows a deferred copy of the query, and a new sort does not search again. Each row's sort key is computed once,
 * not once per comparison (10,000 rows take ~130,000 comparisons).
 */
export function useListRows<T, C>(
  all: readonly T[],
  url: { q: string; sort: string | null },
  { sortable, defaultSort, search, sortValue, context, keep, regionName }: ListRowsOptions<T, C>,
) {
  const sort = parseSort(url.sort, sortable, defaultSort)
  const query = useDeferredValue(url.q)
  // Each row's texts, lowercased and joined once per list, when it is first searched (and kept while the search is
  // cleared and typed again), not at every keystroke, where it was a large share of the React work of filtering a large
  // list (bench/list-render.bench.ts times filtering by typing). Opening a list with no search builds none.
  const textsOf = useMemo(() => {
    let texts: string[] | undefined
    return () => (texts ??= all.map((row) => searchText(search(row, context))))
  }, [all, search, context])
  const matched = useMemo(() => {
    const words = searchWords(query)
    if (!words.length) return keep ? all.filter(keep) : all
    const texts = textsOf()
    return all.filter((row, i) => (keep?.(row) ?? true) && words.every((word) => texts[i]!.includes(word)))
  }, [all, query, textsOf, keep])
  const rows = useMemo(() => {
    const named = sort.key === 'region' && regionName
    const valueOf = (row: T) => {
      const value = sortValue(row, sort.key, context)
      return named && typeof value === 'string' ? (regionName.get(value) ?? value) : value
    }
    const keys = new Map(matched.map((row) => [row, valueOf(row)]))
    return sortBy(matched, (row) => keys.get(row), sort.direction)
  }, [matched, sort.key, sort.direction, sortValue, context, regionName])
  return { rows, sort }
}
