import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react'

// Mantine's Tooltip stands on floating-ui and the popover kit: loaded once something is cut, not with every list's
// first screen, where most chips are whole.
const FullTextTooltip = lazy(() => import('./FullTextTooltip'))

/**
 * Something shown cut (chips left out behind "+N", or a chip wider than its line) whose whole text shows on hover and
 * on keyboard focus: it takes a place in the tab order only while it is cut. A title attribute showed on hover alone.
 */
export function FullTextTip({ text, cut, children }: { text: string; cut: boolean; children: ReactNode }) {
  if (!cut) return children
  return (
    <Suspense fallback={<CutSpan>{children}</CutSpan>}>
      <FullTextTooltip text={text}>
        <CutSpan>{children}</CutSpan>
      </FullTextTooltip>
    </Suspense>
  )
}

// Props and ref from the Tooltip, which listens on its child.
function CutSpan({ children, ...props }: ComponentProps<'span'>) {
  return (
    <span
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable only while cut, to show its whole text
      tabIndex={0}
      className="mantine-focus-auto"
      style={{ display: 'inline-flex', minWidth: 0, borderRadius: 4 }}
      {...props}
    >
      {children}
    </span>
  )
}
