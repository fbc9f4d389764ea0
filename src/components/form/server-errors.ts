import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from '../../api/errors'
import type { SubmitError } from './FormShell'

/**
 * Puts a failed submit's error where the user is looking, once: at the form field the platform named (its path,
 * e.g. "spec.prefix" or "spec.routes.1.nexthop", mapped to the form's own field), else at the top of the form.
 * Returns the top-of-form error, or undefined when a field took it.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (apiPath: string) => Path<T> | undefined,
): SubmitError | undefined {
  if (!isApiError(error)) return { message: error instanceof Error ? error.message : 'The request failed.' }
  if (error.status === 401)
    return {
      message: 'Your session ended before this was saved. Sign in again, then submit: your input is still here.',
    }
  const field = error.fieldPath ? fieldFor(error.fieldPath.join('.')) : undefined
  if (field) {
    setError(field, { type: 'server', message: fieldMessage(error.message) }, { shouldFocus: true })
    return undefined
  }
  return { message: error.message, traceId: error.traceId }
}

/**
 * The platform's words for a field, without the preamble that locates it ('request body has an error: Error at
 * "/spec/prefix": '), which the field itself already shows. Other messages stay whole.
 */
export function fieldMessage(message: string): string {
  const located = /^.*?Error at\s+["']?\/[^"'\s]*["']?:\s*(.+)$/s.exec(message)
  const reason = located?.[1]
  return reason ? reason[0]!.toUpperCase() + reason.slice(1) : message
}
