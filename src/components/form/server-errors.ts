import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldOfError } from '../../api/business-rules'
import { isApiError, isSessionEnded, outcomeUnknown, traceIdsOf, withTraceIds } from '../../api/errors'
import type { PathOf } from '../../lib/form-wire'
import { errorTitle } from '../error-title'
import type { SubmitError } from './FormShell'

/**
 * Puts a failed submit's error where the user is looking, once: at the form field the platform's path names (mapped
 * by the form's wire mapping), else at the top of the form. Returns the top-of-form error, or undefined when a field
 * took it. A create (`op`) whose answer was lost may have happened: the message says so and where to check (the
 * mutation refreshes its lists). A field `mergedIn` names was sent holding another admin's change, made while the form
 * was open (keepOthersChanges), which the field does not show: its refusal says so, or a count in it would not match.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  pathOf: PathOf<T>,
  op?: string,
  mergedIn: (field: Path<T>) => boolean = () => false,
): SubmitError | undefined {
  if (!isApiError(error))
    return { title: errorTitle(error), message: error instanceof Error ? error.message : 'The request failed.' }
  if (isSessionEnded(error))
    return {
      title: errorTitle(error),
      message: 'Your session ended before this was saved. Sign in again, then submit: your input is still here.',
    }
  const blamed = fieldOfError(error)
  const field = blamed && pathOf(blamed.path)
  if (blamed && field) {
    const said = mergedIn(field) ? `${blamed.message.replace(/\.?$/, '.')} ${MERGED}` : blamed.message
    setError(field, { type: 'server', message: withTraceIds(said, error) }, { shouldFocus: true })
    return undefined
  }
  const lost = op === 'create' && outcomeUnknown(error)
  // The console server's own 502 for a write cut off says it may have happened; a balancer's 502 says nothing of it.
  const maybe = error.code === 'upstream_answer_lost' ? '' : ' It may have been created before the answer was lost.'
  const message = lost
    ? `${error.message}${maybe} Its list is being refreshed: check there before you submit again.`
    : error.message
  return { title: errorTitle(error), message, traces: traceIdsOf(error) }
}

const MERGED =
  'What was sent for this field holds another admin’s change, made while this form was open: the request shows it, this field does not.'
