import { useMediaQuery } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import type { Column } from '../VirtualTable'
import { RowCheckbox } from './RowCheckbox'
import { rowName } from './row-delete'

type Row = { metadata: { id: string; name: string } }

/**
 * The rows a list page has ticked for a bulk action, and the column of checkboxes that ticks them. Only rows shown
 * count: one deleted elsewhere, gone from the list, or hidden by the search and filters is not acted on (a bulk
 * delete must not take a row the user cannot see ticked), and counts again once shown. "Select all" ticks the rows
 * shown, never those hidden.
 */
export function useRowSelection<T extends Row>(shown: readonly T[], plural: string) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const selected = useMemo(() => shown.filter((row) => ticked.has(row.metadata.id)), [shown, ticked])
  const toggle = (ids: string[], on: boolean) =>
    setTicked((now) => {
      const next = new Set(now)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  const shownIds = shown.map((row) => row.metadata.id)
  const tickedShown = shownIds.filter((id) => ticked.has(id)).length
  const column: Column<T> = {
    key: 'select',
    header: 'Select',
    headerHidden: true,
    headerControl: (
      <RowCheckbox
        aria-label={`Select all shown ${plural}`}
        checked={shownIds.length > 0 && tickedShown === shownIds.length}
        indeterminate={tickedShown > 0 && tickedShown < shownIds.length}
        disabled={shownIds.length === 0}
        onChange={(event) => toggle(shownIds, event.currentTarget.checked)}
      />
    ),
    width: 44,
    cell: (row) => (
      <RowCheckbox
        aria-label={`Select ${rowName(row)}`}
        checked={ticked.has(row.metadata.id)}
        onChange={(event) => toggle([row.metadata.id], event.currentTarget.checked)}
      />
    ),
  }
  // Between Mantine's md and lg (992 to 1199 px) a list's essential columns fill the table whole: a column of boxes
  // there cut names and projects (e2e/layout.spec.ts, at 1024). A phone's table scrolls sideways, and from 1200 px there
  // is room, so the boxes show there.
  const cramped = useMediaQuery('(min-width: 62em) and (max-width: 74.99em)', false, { getInitialValueInEffect: false })
  return { selected, column: cramped ? undefined : column, clear: () => setTicked(new Set()) }
}
