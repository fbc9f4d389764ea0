import { Text } from './mantine/Text'
import { UnstyledButton } from './mantine/UnstyledButton'
import { Group } from './mantine/Group'
import { VisuallyHidden } from './mantine/VisuallyHidden'
import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual'
import {
  memo,
  startTransition,
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

/**
 * The window's scroll, skipping a scroll to where the window already is: the virtualizer writes one on mount, and
 * window.scrollTo forces a layout inside the commit even when nothing moves.
 */
function scrollUnlessThere(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
) {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset) return
  windowScroll(offset, options, instance)
}

// The window's size, read when this module loads and on every resize, never in a commit: the virtualizer's own window
// observer read it in the layout effect that mounts a table, just after React wrote the page, which forced a layout of
// the whole page there that the next frame then did again.
let windowSize = { width: window.innerWidth, height: window.innerHeight }
window.addEventListener('resize', () => (windowSize = { width: window.innerWidth, height: window.innerHeight }), {
  passive: true,
})

// And the window's scroll, kept from its scroll events: the virtualizer's default read window.scrollY where it first
// needed an offset, in the layout effect that mounts a table, and that read forced a layout of the page React had just
// written: a large part of the commit that opens a list of thousands.
let windowScrollY = window.scrollY
window.addEventListener('scroll', () => (windowScrollY = window.scrollY), { passive: true })

function observeWindowSize(_instance: Virtualizer<Window, Element>, onSize: (rect: typeof windowSize) => void) {
  const handler = () => onSize(windowSize)
  handler()
  window.addEventListener('resize', handler, { passive: true })
  return () => window.removeEventListener('resize', handler)
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
  const [scrollMargin, setScrollMargin] = useState(0)
  // Where the rows start on the page, read once the first frame has painted, when layout is clean and the read is
  // free: read in the commit (a layout effect, or a passive one React flushes with it), it forced a layout there.
  // Until then a margin of 0 renders a few rows more than fit, never fewer.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (!bodyRef.current) return
        const margin = bodyRef.current.getBoundingClientRect().top + window.scrollY
        // Fewer rows fit once the margin is known: dropping the extra ones is no reason for an urgent re-render of
        // every row in one task.
        startTransition(() => setScrollMargin(margin))
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
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
  const virtualizer = useWindowVirtualizer({
    count: whole ? 0 : rows.length,
    estimateSize: () => rowHeight,
    // Rows are a fixed height and cheap to add while scrolling; each row rendered ahead costs the first commit.
    overscan: 3,
    scrollMargin,
    scrollToFn: scrollUnlessThere,
    // The window's size from the first render: the default of 0 × 0 rendered no rows, and the size it then learnt in
    // the commit forced a second, synchronous render of every row inside the same task.
    initialRect: windowSize,
    initialOffset: () => windowScrollY,
    observeElementRect: observeWindowSize,
  })
  // The virtualizer keeps the row sizes it estimated: a density change has them estimated again.
  const estimatedHeight = useRef(rowHeight)
  useEffect(() => {
    if (estimatedHeight.current === rowHeight) return
    estimatedHeight.current = rowHeight
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  const items = whole
    ? rows.slice(0, revealed).map((_, index) => ({ index, start: 0, end: 0 }))
    : virtualizer.getVirtualItems()
  const padTop = !whole && items.length ? items[0]!.start - scrollMargin : 0
  const padBottom =
    !whole && items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0

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
        {padTop > 0 && (
          <tr aria-hidden style={{ height: padTop }}>
            <td />
          </tr>
        )}
        {items.map((item) => {
          const row = rows[item.index]!
          return <TableRow key={rowKey(row)} row={row} rowIndex={item.index + 2} columns={columns} cells={cells} />
        })}
        {padBottom > 0 && (
          <tr aria-hidden style={{ height: padBottom }}>
            <td />
          </tr>
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
