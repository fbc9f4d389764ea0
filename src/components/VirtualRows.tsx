// The rows of a table of thousands: only those in view, and their place held above and below. Loaded with the first
// list that has that many rows (VirtualTable.tsx): the virtualizer's code is no part of a list of a few hundred,
// which renders whole.
import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual'
import { startTransition, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { windowScrollY, windowSize, type WindowSize } from '../lib/window-metrics'

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

function observeWindowSize(_instance: Virtualizer<Window, Element>, onSize: (rect: WindowSize) => void) {
  const handler = () => onSize(windowSize())
  handler()
  window.addEventListener('resize', handler, { passive: true })
  return () => window.removeEventListener('resize', handler)
}

interface VirtualRowsProps {
  count: number
  rowHeight: number
  /** The table's body, whose place on the page is where the rows start. */
  bodyRef: RefObject<HTMLTableSectionElement | null>
  renderRow: (index: number) => ReactNode
}

export default function VirtualRows({ count, rowHeight, bodyRef, renderRow }: VirtualRowsProps) {
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
  }, [bodyRef])
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    // Rows are a fixed height and cheap to add while scrolling; each row rendered ahead costs the first commit.
    overscan: 3,
    scrollMargin,
    scrollToFn: scrollUnlessThere,
    // The window's size from the first render: the default of 0 × 0 rendered no rows, and the size it then learnt in
    // the commit forced a second, synchronous render of every row inside the same task.
    initialRect: windowSize(),
    initialOffset: windowScrollY,
    observeElementRect: observeWindowSize,
  })
  // The virtualizer keeps the row sizes it estimated: a density change has them estimated again.
  const estimatedHeight = useRef(rowHeight)
  useEffect(() => {
    if (estimatedHeight.current === rowHeight) return
    estimatedHeight.current = rowHeight
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  const items = virtualizer.getVirtualItems()
  const padTop = items.length ? items[0]!.start - scrollMargin : 0
  const padBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin) : 0
  return (
    <>
      {padTop > 0 && (
        <tr aria-hidden style={{ height: padTop }}>
          <td />
        </tr>
      )}
      {items.map((item) => renderRow(item.index))}
      {padBottom > 0 && (
        <tr aria-hidden style={{ height: padBottom }}>
          <td />
        </tr>
      )}
    </>
  )
}
