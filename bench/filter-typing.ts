import type { Locator } from '@playwright/test'
import { timeRuns } from './harness.ts'

/**
 * Times filtering a list by typing: each run fills `search` with `term(run)` and stops once `filtered(run)` (the
 * page's "N of M" count) shows; between runs it clears the box and waits for the whole list's `unfiltered` count.
 */
export function timeFilterTyping(
  search: Locator,
  term: (run: number) => string,
  filtered: Locator,
  unfiltered: Locator,
): Promise<number[]> {
  return timeRuns(
    async (run) => {
      await search.fill(term(run))
      await filtered.waitFor()
    },
    async () => {
      await search.fill('')
      await unfiltered.waitFor()
    },
  )
}
