import { notifications } from '@mantine/notifications'
import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { useState } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { isApiError } from '../../api/errors'
import type { SubmitError } from './FormShell'
import { placeServerError } from './server-errors'

/** Where the form goes once saved (a fixed page, or the saved resource's own page) and on Cancel. */
type Leave<TData> = { leaveTo: string; cancelTo?: string } | { leaveTo: (saved: TData) => string; cancelTo: string }

type SubmitOptions<TValues extends FieldValues, TData, TVariables> = Leave<TData> & {
  form: UseFormReturn<TValues>
  mutation: UseMutationOptions<TData, Error, TVariables>
  /** The mutation's input from the form's valid values. */
  toVariables: (valid: TValues) => TVariables
  /** The form field a platform error path (e.g. "spec.prefix") belongs to, given the values that were sent. */
  fieldFor: (apiPath: string, valid: TValues) => Path<TValues> | undefined
  /** The notification once the platform accepted, e.g. "Network web saved." */
  savedMessage: (saved: TData, valid: TValues) => string
  /** A conflict (409: the name is taken) is a fact about one field's input: said there, in the form's words. */
  conflict?: { field: Path<TValues>; message: string }
}

/**
 * A form's submit: clears the last refusal, sends, and on success notifies and leaves; a refusal goes to the field
 * the platform named or the top of the form, and the input stays. The result spreads into FormShell.
 */
export function useSubmitWithServerErrors<TValues extends FieldValues, TData, TVariables>({
  form,
  mutation,
  toVariables,
  fieldFor,
  savedMessage,
  leaveTo,
  cancelTo,
  conflict,
}: SubmitOptions<TValues, TData, TVariables>) {
  const navigate = useNavigate()
  const send = useMutation(mutation)
  const [submitError, setSubmitError] = useState<SubmitError>()

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    send.mutate(toVariables(valid), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: savedMessage(saved, valid) })
        void navigate(typeof leaveTo === 'string' ? leaveTo : leaveTo(saved))
      },
      onError: (error) => {
        if (conflict && isApiError(error) && error.status === 409) {
          form.setError(conflict.field, { type: 'server', message: conflict.message }, { shouldFocus: true })
          return
        }
        setSubmitError(placeServerError(error, form.setError, (path) => fieldFor(path, valid)))
      },
    })
  })

  // Without cancelTo, leaveTo is a fixed page (the Leave type sees to it).
  const onCancel = () => void navigate(cancelTo ?? (leaveTo as string))
  return { onSubmit, onCancel, loading: send.isPending, submitError }
}
