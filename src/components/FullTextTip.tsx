import { lazy, Suspense, type ReactNode } from 'react'

// Asked for only once something is cut: the tooltip's overlay code stays off a list's first screen, whose chips show
// whole, and out of the chunks the lists share (a static import put those chunks in a circle with the overlay's).
const FullTextTooltip = lazy(() => import('./FullTextTooltip'))

/**
 * Something shown cut (an ellipsis, or chips left out behind "+N") whose whole text shows on hover and on keyboard
 * focus: it takes a place in the tab order only while it is cut. A title attribute showed on hover alone.
 */
export function FullTextTip({ text, cut, children }: { text: string; cut: boolean; children: ReactNode }) {
  if (!cut) return children
  const target = (
    <span
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable only while cut, to show its whole text
      tabIndex={0}
      className="mantine-focus-auto"
      style={{ display: 'inline-flex', minWidth: 0, borderRadius: 4 }}
    >
      {children}
    </span>
  )
  return (
    <Suspense fallback={target}>
      <FullTextTooltip text={text}>{target}</FullTextTooltip>
    </Suspense>
  )
}
