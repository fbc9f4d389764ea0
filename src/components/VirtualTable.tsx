import { Text } from './mantine/Text'
import { UnstyledButton } from './mantine/UnstyledButton'
import { Group } from './mantine/Group'
import { VisuallyHidden } from './mantine/VisuallyHidden'
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react'
import type { SortState } from '../lib/sort'
import { rowsIn, useTableDensity } from '../lib/table-density'
import { useFromBreakpoint } from '../lib/use-breakpoint'
import { windowSize } from '../lib/window-metrics'
import tableLook from './table-look.module.css'
import classes from './VirtualTable.module.css'

export interface Column<T> {
  key: string
  header: string
  cell: (row: T) => ReactNode
  /**
   * Lists give pixels, wide enough for the column's values to read whole (a badge, an address), and leave the name
   * column without one, so it takes what is left: percentages shrank every value with the window until it was cut.
   */
  width?: number | string
  /** Present when the column can be sorted. */
  sortable?: boolean
  /**
   * A secondary column rendered only from this width up, so the essential ones keep their room on narrow screens. Not
   * rendered at all below it, rather than hidden by CSS: a phone rendered an id cell, with its copy button, in every
   * row for nothing it showed.
   */
  visibleFrom?: 'md' | 'lg' | 'xl'
  /** The heading is for screen readers only: a column of controls (row selection) whose meaning the cells show. */
  headerHidden?: boolean
  /** A control in the heading in place of its text (select all), labelled by itself. */
  headerControl?: ReactNode
}

interface VirtualTableProps<T> {
  rows: T[]
  columns: Column<T>[]
  rowKey: (row: T) => string
  /** What the table lists, for screen readers. */
  label: string
  sort?: SortState
  onSortChange?: (sort: SortState) => void
  rowHeight?: number
  /** Dims the rows while a new result loads, keeping the previous ones in place. */
  stale?: boolean
}

/** A column's offset from the table's left edge, where it sticks when kept in view: the widths before it. */
function leftOf<T>(columns: Column<T>[], index: number): number {
  return columns.slice(0, index).reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0)
}

/** The room the width-less column (a list's names, its links) keeps on a phone. */
const NAME_MIN_WIDTH = 160

/**
 * On a phone, the width a table needs: the fixed widths of the columns shown there, plus the room of the one without.
 * Fixed table layout shares out what is left after the fixed widths; on a phone that was nothing, and the names,
 * each row's link, were laid out zero pixels wide. Wider screens leave the layout as it was.
 */
function phoneMinWidth<T>(columns: Column<T>[]): number {
  const fixed = columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0)
  return fixed + NAME_MIN_WIDTH
}

/**
 * Below this many rows a table renders whole: the browser's find (Ctrl+F) and a screen reader's table commands reach
 * every row, where a virtualized 19-row table left 5 of them out of the page. A few hundred rows render in one
 * deferred pass; 10,000 do not.
 */
const VIRTUALIZE_FROM = 300

// The virtualizer's code loads with the first table that long: a list of a few hundred rows has no use for it.
const VirtualRows = lazy(() => import('./VirtualRows'))

/** As many rows as the window holds, and the few the virtualizer renders beyond them. */
const rowsInWindow = (rowHeight: number) => Math.ceil(windowSize().height / rowHeight) + 3

/**
 * A table rendered whole adds its rows this many at a time, one commit a frame: inserting 200 rows at once was one
 * task of styling, layout and paint for all of them (the longest task of the networks list's load), where the first
 * screen needs a few dozen. The rest follow within a few frames, so find and a screen reader still reach every row.
 */
const ROWS_PER_COMMIT = 50

/**
 * A semantic table; from a few hundred rows it renders only the rows in view, so 10,000 rows scroll and filter
 * smoothly. Rows keep a fixed height; the page itself scrolls (the virtualizer follows the window), and the header
 * sticks under the app header.
 */
const NO_ROWS: never[] = []

interface TableRowProps<T> {
  row: T
  /** The row's aria-rowindex: the header row is 1. */
  rowIndex: number
  columns: Column<T>[]
  cells: { className?: string; style?: CSSProperties }[]
}

/**
 * A row, rendered again only when what it shows changes: a whole table adds its rows a slice at a time, and each slice
 * rendered every row before it again (the 200-row list rendered 500 rows, and React rewrote their styles).
 */
const TableRow = memo(function TableRow<T>({ row, rowIndex, columns, cells }: TableRowProps<T>) {
  return (
    <tr className={classes.row} aria-rowindex={rowIndex}>
      {columns.map((column, index) => (
        <td key={column.key} className={cells[index]!.className} style={cells[index]!.style}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  )
}) as <T>(props: TableRowProps<T>) => ReactNode

const sameSort = (a?: SortState, b?: SortState) => a?.key === b?.key && a?.direction === b?.direction

export function VirtualTable<T>({
  rows: latestRows,
  columns: allColumns,
  rowKey,
  label,
  sort,
  onSortChange,
  rowHeight: comfortableHeight = 52,
  stale = false,
}: VirtualTableProps<T>) {
  const [density] = useTableDensity()
  const { padding, height: rowHeight } = rowsIn(density, comfortableHeight)
  // The rows render after the page around them: the first commit paints the shell and the header, then React renders
  // the rows in slices it can interrupt, so opening a list is not one long task. The same keeps typing in a filter
  // responsive while the matching rows render.
  const rows: T[] = useDeferredValue(latestRows, NO_ROWS)
  // The order last asked for, and the order shown when it was asked. A list's order lives in its URL, which a
  // navigation renders later: a second click on a header before then toggles from the order asked for, not from the
  // one still shown (a quick double click sorted ascending twice).
  const asked = useRef<{ shown?: SortState; sort: SortState } | null>(null)
  const sortFromHeader = (key: string) => {
    const current = asked.current && sameSort(asked.current.shown, sort) ? asked.current.sort : sort
    const next: SortState = { key, direction: current?.key === key && current.direction === 'asc' ? 'desc' : 'asc' }
    asked.current = { shown: sort, sort: next }
    onSortChange?.(next)
  }
  const phone = !useFromBreakpoint('sm')
  const md = useFromBreakpoint('md')
  const lg = useFromBreakpoint('lg')
  const xl = useFromBreakpoint('xl')
  const columns = useMemo(
    () => allColumns.filter((column) => !column.visibleFrom || { md, lg, xl }[column.visibleFrom]),
    [allColumns, md, lg, xl],
  )
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const whole = rows.length < VIRTUALIZE_FROM
  const [revealed, setRevealed] = useState(ROWS_PER_COMMIT)
  useEffect(() => {
    if (!whole || revealed >= rows.length) return
    // After the frame that paints the rows so far, as a transition: a click or a keystroke comes first.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setRevealed((count) => count + ROWS_PER_COMMIT)))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [whole, revealed, rows.length])
  // On a phone the table scrolls sideways inside its own box, not the page, and keeps the columns up to the names
  // (with a row's checkbox before them) in view: a row is read by its name.
  const kept = phone ? Math.max(1, columns.findIndex((column) => column.width === undefined) + 1) : 0
  const keptLeft = (index: number) => (index < kept ? leftOf(columns, index) : undefined)
  // A plain table in Mantine's table look (VirtualTable.module.css): a list renders a few thousand cells, and each
  // Mantine table element resolved its props and styles again to give the same answer; and Mantine's Table imports its
  // scroll container, with ScrollArea and floating-ui, which a list's first screen has no use for.
  // The same class and style objects for every render, so that a row already shown is not rendered again.
  const cells = useMemo(
    () =>
      columns.map((_, index) => ({
        className: index < kept ? `${classes.cell} ${classes.kept}` : classes.cell,
        style: index < kept ? { left: leftOf(columns, index) } : undefined,
      })),
    [columns, kept],
  )
  const renderRow = (index: number) => (
    <TableRow key={rowKey(rows[index]!)} row={rows[index]!} rowIndex={index + 2} columns={columns} cells={cells} />
  )

  const table = (
    <table
      aria-label={label}
      aria-rowcount={rows.length + 1}
      className={`${classes.table} ${tableLook.look}`}
      style={
        {
          '--row-height': `${rowHeight}px`,
          '--table-vertical-spacing':
            padding === 'xs' ? 'var(--mantine-spacing-xs)' : `calc(${padding / 16}rem * var(--mantine-scale))`,
          minWidth: phone ? phoneMinWidth(columns) : undefined,
        } as CSSProperties
      }
      data-stale={stale || undefined}
      data-density={density}
    >
      <thead className={classes.head}>
        <tr aria-rowindex={1}>
          {columns.map((column, index) => {
            const active = sort?.key === column.key
            const ariaSort = active
              ? sort!.direction === 'asc'
                ? 'ascending'
                : 'descending'
              : column.sortable
                ? 'none'
                : undefined
            return (
              <th
                key={column.key}
                className={index < kept ? classes.kept : undefined}
                style={{ width: column.width, left: keptLeft(index) }}
                aria-sort={ariaSort}
              >
                {column.sortable && onSortChange ? (
                  <UnstyledButton className={classes.sortButton} onClick={() => sortFromHeader(column.key)}>
                    <Group gap={4} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {column.header}
                      </Text>
                      <Text size="xs" c={active ? undefined : 'dimmed'} aria-hidden>
                        {active ? (sort!.direction === 'asc' ? '▲' : '▼') : '↕'}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ) : column.headerControl ? (
                  column.headerControl
                ) : column.headerHidden ? (
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                ) : (
                  column.header
                )}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {whole ? (
          rows.slice(0, revealed).map((_, index) => renderRow(index))
        ) : (
          // Until the virtualizer's code is in, the rows that fill the window render whole: those it then shows.
          <Suspense fallback={rows.slice(0, rowsInWindow(rowHeight)).map((_, index) => renderRow(index))}>
            <VirtualRows count={rows.length} rowHeight={rowHeight} bodyRef={bodyRef} renderRow={renderRow} />
          </Suspense>
        )}
      </tbody>
    </table>
  )
  // The box takes focus, so a keyboard can scroll it sideways where no row holds a link (a group's rules).
  return phone ? (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable (WCAG 2.1.1)
    <div className={classes.scroller} role="region" aria-label={label} tabIndex={0}>
      {table}
    </div>
  ) : (
    table
  )
}
