import { lazy, Suspense, useEffect, useState, type PointerEvent, type ReactNode } from 'react'

// Asked for only once something cut is pointed at or focused: a list shows a cut line in many rows, and a tooltip
// mounted in each positioned itself with floating-ui for nothing shown. Loaded lazily too, so its overlay code stays out
// of the chunks the lists share (a static import put those chunks in a circle with the overlay's).
const FullTextTooltipAt = lazy(() => import('./FullTextTooltip').then((m) => ({ default: m.FullTextTooltipAt })))

/**
 * Something shown cut (an ellipsis, or chips left out behind "+N") whose whole text shows on hover, on keyboard focus
 * and on a tap, and goes on leaving, on blur, on Escape or on a press elsewhere: it takes a place in the tab order only
 * while it is cut. A title attribute showed on hover alone.
 */
export function FullTextTip({ text, cut, children }: { text: string; cut: boolean; children: ReactNode }) {
  // Its state only while cut: a list shows a chip line in every row, and most chips are whole.
  return cut ? <CutTip text={text}>{children}</CutTip> : children
}

function CutTip({ text, children }: { text: string; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null)
  const [opened, setOpened] = useState(false)
  const [wanted, setWanted] = useState(false)
  // A tap leaves the tooltip up until a press elsewhere, as Mantine's own tooltip does on a touch screen.
  useEffect(() => {
    if (!opened || !anchor) return
    const pressed = (event: Event) => {
      if (!anchor.contains(event.target as Node)) setOpened(false)
    }
    document.addEventListener('pointerdown', pressed)
    return () => document.removeEventListener('pointerdown', pressed)
  }, [opened, anchor])
  const show = () => {
    setWanted(true)
    setOpened(true)
  }
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the handlers show a tooltip, no action */}
      <span
        ref={setAnchor}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable only while cut, to show its whole text
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ display: 'inline-flex', minWidth: 0, borderRadius: 4 }}
        onPointerEnter={show}
        onPointerLeave={(event: PointerEvent) => event.pointerType !== 'touch' && setOpened(false)}
        onFocus={(event) => event.currentTarget.matches(':focus-visible') && show()}
        onBlur={() => setOpened(false)}
        onKeyDown={(event) => event.key === 'Escape' && setOpened(false)}
      >
        {children}
      </span>
      {wanted && anchor && (
        <Suspense fallback={null}>
          <FullTextTooltipAt text={text} target={anchor} opened={opened} />
        </Suspense>
      )}
    </>
  )
}
