import type { ButtonProps } from '@mantine/core'
import { Button } from './mantine/Button'
import { VisuallyHidden } from './mantine/VisuallyHidden'
import { lazy, Suspense, useCallback, useId, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { TooltipTargetProps } from './RefusalTooltip'

// Loaded as soon as a refused button renders, before the pointer or focus can reach it.
const RefusalTooltip = lazy(() => import('./RefusalTooltip').then((m) => ({ default: m.RefusalTooltip })))

interface PermittedActionProps extends ButtonProps {
  /** Where the action leads (a create or edit page); without it, the button calls onClick. */
  to?: string
  onClick?: () => void
  /** A form's submit button; refused, it is a plain button, so neither a click nor Enter sends the form. */
  type?: 'button' | 'submit'
  /** When set, the button stays in place but does nothing, and says why on hover, on focus and to screen readers. */
  disabledReason?: string | undefined
  children: ReactNode
}

/** A header or empty-state action that the caller may be refused, with the reason in view rather than hidden. */
export function PermittedAction({ to, onClick, type, disabledReason, children, ...button }: PermittedActionProps) {
  if (!disabledReason) {
    return to ? (
      <Button component={Link} to={to} {...button}>
        {children}
      </Button>
    ) : (
      <Button onClick={onClick} type={type} {...button}>
        {children}
      </Button>
    )
  }
  return (
    <RefusedAction reason={disabledReason} {...button}>
      {children}
    </RefusedAction>
  )
}

/**
 * The refused button, with its reason in a tooltip. The button is rendered here and stays; the tooltip, loaded apart,
 * hands over the props Mantine's Tooltip gives its target, which the button takes: its handlers through `latest`
 * (their identity changes every render), the rest (aria-describedby while the tooltip shows) as they are.
 */
function RefusedAction({ reason, children, ...button }: ButtonProps & { reason: string; children: ReactNode }) {
  const reasonId = useId()
  const [node, setNode] = useState<HTMLButtonElement | null>(null)
  const latest = useRef<TooltipTargetProps>({})
  const [given, setGiven] = useState<TooltipTargetProps>({})
  const take = useCallback((props: TooltipTargetProps) => {
    latest.current = props
    setGiven((shown) => (sameShape(shown, props) ? shown : props))
  }, [])
  // A value the tooltip leaves undefined (aria-describedby while it is hidden) leaves the button's own.
  const taken = Object.fromEntries(
    Object.entries(given)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [
        name,
        typeof value === 'function'
          ? (...args: unknown[]) => (latest.current[name] as ((...a: unknown[]) => unknown) | undefined)?.(...args)
          : value,
      ]),
  )
  return (
    <>
      <Button {...button} data-disabled aria-disabled aria-describedby={reasonId} {...taken} ref={setNode}>
        {children}
      </Button>
      {node && (
        <Suspense fallback={null}>
          <RefusalTooltip label={reason} node={node} onTargetProps={take} />
        </Suspense>
      )}
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  )
}

/** The same names, and the same values where they are not handlers. */
function sameShape(a: TooltipTargetProps, b: TooltipTargetProps): boolean {
  const names = Object.keys(b)
  return (
    names.length === Object.keys(a).length &&
    names.every(
      (name) => name in a && (typeof b[name] === 'function' ? typeof a[name] === 'function' : a[name] === b[name]),
    )
  )
}
