import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core'
import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'

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
  const reasonId = useId()
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
    <>
      <Tooltip label={disabledReason} events={{ hover: true, focus: true, touch: true }}>
        <Button {...button} data-disabled aria-disabled aria-describedby={reasonId}>
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
    </>
  )
}
