import { Badge } from '../mantine/Badge'
import { Button } from '../mantine/Button'
import { useId, useState, type ReactNode } from 'react'
import { useFromBreakpoint } from '../../lib/use-breakpoint'
import classes from './FoldedFilters.module.css'

/**
 * A list's search and filters. On a phone the filters fold behind one "Filters" button that says how many are set,
 * so the list's first screen shows rows rather than a column of full-width controls; from the small breakpoint up
 * they stand beside the search.
 */
export function FoldedFilters({
  search,
  active,
  labelled = false,
  children,
}: {
  search: ReactNode
  active: number
  /** The controls carry labels above their boxes (a catalog's): they line up by their boxes' bottoms. */
  labelled?: boolean
  children: ReactNode
}) {
  const wide = useFromBreakpoint('sm')
  const [open, setOpen] = useState(false)
  const id = useId()
  if (wide)
    return (
      // data-filter-bar: the row e2e/list-filters.spec.ts measures the filters' boxes in.
      <div className={classes.row} data-filter-bar data-labelled={labelled || undefined}>
        {search}
        {children}
      </div>
    )
  return (
    <div className={classes.folded}>
      <div className={classes.searchLine} data-filter-bar data-labelled={labelled || undefined}>
        <div className={classes.search}>{search}</div>
        <Button
          variant="default"
          aria-expanded={open}
          aria-controls={id}
          aria-label={active ? `Filters, ${active} set` : 'Filters'}
          onClick={() => setOpen((now) => !now)}
          rightSection={
            active ? (
              <Badge size="sm" circle aria-hidden>
                {active}
              </Badge>
            ) : undefined
          }
        >
          Filters
        </Button>
      </div>
      {open && (
        <div id={id} className={classes.filters}>
          {children}
        </div>
      )}
    </div>
  )
}
