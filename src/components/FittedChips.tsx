import { Text } from './mantine/Text'
import { FullTextTip } from './FullTextTip'
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react'
import classes from './FittedChips.module.css'

interface Chip {
  key: string
  /** The chip's whole text, for the "+N" marker's title. */
  text: string
  node: ReactNode
}

// The line's gap (FittedChips.module.css).
const GAP = 4
// "+12" in extra-small text, with the gap before it.
const MARKER_WIDTH = 28

/** How many chips of these widths fit in one line of `width`, leaving room for the marker when some do not. */
export function chipsThatFit(widths: readonly number[], width: number): number {
  const total = widths.reduce((sum, w, i) => sum + w + (i ? GAP : 0), 0)
  if (total <= width) return widths.length
  let used = 0
  for (let i = 0; i < widths.length; i++) {
    used += widths[i]! + (i ? GAP : 0)
    if (used + GAP + MARKER_WIDTH > width) return Math.max(i, 1)
  }
  return widths.length
}

// One observer for every chip line on the page, so that the lines' first counts, which come in one callback, are one
// update: a transition, which React renders in slices and commits once. As an urgent update per line, the rows of a
// list re-rendered in one long task, and as a transition per line, one commit and
// one layout each.
const sized = new Map<Element, () => void>()
let observer: ResizeObserver | undefined

function observeSize(element: Element, onSize: () => void): () => void {
  observer ??= new ResizeObserver((entries) =>
    startTransition(() => {
      for (const entry of entries) sized.get(entry.target)?.()
    }),
  )
  sized.set(element, onSize)
  observer.observe(element)
  return () => {
    sized.delete(element)
    observer?.unobserve(element)
  }
}

/**
 * One line of whole chips (tags, groups) and "+N" for those that do not fit: a chip cut to its first letters says
 * nothing. The chips are measured once, as laid out, in a ResizeObserver callback (after layout, so the reads force
 * none); a column's width change recounts from those widths. A single chip wider than the line is the one case cut.
 */
export function FittedChips({ chips }: { chips: Chip[] }) {
  const box = useRef<HTMLDivElement>(null)
  const signature = chips.map((chip) => chip.key).join('\n')
  const count = chips.length
  // Counted for one set of chips: new chips render whole first, so they can be measured.
  const [fit, setFit] = useState<{ signature: string; shown: number; firstCut: boolean }>()
  const shown = fit?.signature === signature ? fit.shown : count
  // The one chip wider than the line, shown cut.
  const firstCut = fit?.signature === signature && fit.firstCut

  useEffect(() => {
    const element = box.current
    if (!element || typeof ResizeObserver === 'undefined') return
    let widths: number[] | undefined
    return observeSize(element, () => {
      widths ??= Array.from(element.children)
        .slice(0, count)
        .map((child) => (child as HTMLElement).offsetWidth)
      const shown = chipsThatFit(widths, element.clientWidth)
      setFit({ signature, shown, firstCut: shown === 1 && widths[0]! > element.clientWidth })
    })
  }, [signature, count])

  const hidden = chips.slice(shown)
  return (
    <div ref={box} className={classes.line}>
      {chips.slice(0, shown).map((chip) => (
        <span key={chip.key} className={classes.chip} data-alone={shown === 1 || undefined}>
          <FullTextTip text={chip.text} cut={firstCut}>
            {chip.node}
          </FullTextTip>
        </span>
      ))}
      {hidden.length > 0 && (
        // The line's item is this box, not the tip's own: the count never gives way, the one cut chip does.
        <span className={classes.more}>
          <FullTextTip text={hidden.map((chip) => chip.text).join(', ')} cut>
            <Text
              size="xs"
              c="dimmed"
              aria-label={`and ${hidden.length} more: ${hidden.map((chip) => chip.text).join(', ')}`}
            >
              +{hidden.length}
            </Text>
          </FullTextTip>
        </span>
      )}
    </div>
  )
}
