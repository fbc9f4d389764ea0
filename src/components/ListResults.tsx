import { Text } from './mantine/Text'
import type { ReactNode } from 'react'
import type { SetURLSearchParams } from 'react-router'
import { formatCount } from '../lib/format'
import { formatSort, type SortState } from '../lib/sort'
import { DensityToggle } from './DensityToggle'
import { RefreshButton, UpdatedAt, type Freshness } from './ListFreshness'
import { EmptyState } from './EmptyState'
import { NoMatch } from './NoMatch'
import { VirtualTable, type Column } from './VirtualTable'
import classes from './ListResults.module.css'

interface ListResultsProps<T> {
  /** The table's accessible name, e.g. "Networks". */
  label: string
  /** What the count line counts, singular and plural: ['network', 'networks']. */
  noun: readonly [string, string]
  /** The rows left after search and filters, sorted. */
  rows: T[]
  /** How many there are before search and filters. */
  total: number
  /** A search or filter is set: an empty result then means "nothing matches", not "nothing here". */
  filtered: boolean
  /** The count line reads "Loading…" instead of a number. */
  loading: boolean
  /** The first answer has not come yet: the table stays (empty) rather than claiming there is nothing. */
  pending?: boolean
  /** Shown in place of the results, e.g. when the list could not be loaded. */
  unavailable?: ReactNode
  /** Nothing exists at all. */
  empty: { title: string; description: ReactNode; action?: ReactNode }
  /** Things exist, but the filters hide them all; the action clears every URL parameter. */
  noMatch: { title: string; description: ReactNode; clearLabel?: string; clearTo?: URLSearchParams }
  columns: Column<T>[]
  rowKey: (row: T) => string
  sort: SortState
  /** The page's URL parameters: sorting writes `sort` into them, clearing empties them. */
  setParams: SetURLSearchParams
  stale?: boolean
  rowHeight?: number
  /** When the rows were read, and a button that reads them again. */
  freshness?: Freshness
}

/** The count line and the results of a list page: its table, or why there is nothing to show. */
export function ListResults<T>({
  label,
  noun,
  rows,
  total,
  filtered,
  loading,
  pending = false,
  unavailable,
  empty,
  noMatch,
  columns,
  rowKey,
  sort,
  setParams,
  stale,
  rowHeight,
  freshness,
}: ListResultsProps<T>) {
  return (
    <>
      <div className={classes.countLine}>
        <div className={classes.side}>
          <p className={`${Text.classes.root} ${classes.count}`} aria-live="polite">
            {loading ? 'Loading…' : formatCount(rows.length, total, noun)}
          </p>
          {freshness && !loading && <UpdatedAt {...freshness} />}
        </div>
        <div className={classes.side}>
          {/* A list that could not be loaded offers its own Try again, in its place. */}
          {freshness && !unavailable && <RefreshButton {...freshness} noun={noun[1]} />}
          <DensityToggle />
        </div>
      </div>
      {unavailable ??
        (rows.length === 0 && !pending ? (
          total === 0 && !filtered ? (
            <EmptyState title={empty.title} description={empty.description} action={empty.action} />
          ) : (
            <NoMatch
              title={noMatch.title}
              description={noMatch.description}
              clearLabel={noMatch.clearLabel}
              onClear={() => setParams(noMatch.clearTo ?? new URLSearchParams(), { replace: true })}
            />
          )
        ) : (
          <VirtualTable
            label={label}
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            sort={sort}
            onSortChange={(next) => {
              setParams(
                (newest) => {
                  const updated = new URLSearchParams(newest)
                  updated.set('sort', formatSort(next))
                  return updated
                },
                { replace: true },
              )
            }}
            stale={stale}
            rowHeight={rowHeight}
          />
        ))}
    </>
  )
}
