import type { ReactNode } from 'react'
import { alertOf, ErrorAlert } from '../../../components/ErrorAlert'

/** A refused action, where the user clicked: who refused, the platform's words, and the trace ids to quote to support. */
export function ActionError({
  error,
  refused,
  explanation,
  children,
}: {
  error: Error
  refused: string
  /** What the console knows to be the cause, after the platform's words. */
  explanation?: string
  /** What the user can do next (a retry). */
  children?: ReactNode
}) {
  const alert = alertOf(error, refused)
  return (
    <ErrorAlert {...alert} message={explanation ? `${alert.message} ${explanation}` : alert.message}>
      {children}
    </ErrorAlert>
  )
}
