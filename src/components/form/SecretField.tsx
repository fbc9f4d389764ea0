import type { PasswordInputProps } from '@mantine/core'
import { useController, type FieldValues } from 'react-hook-form'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'
import { PasswordInput } from '../mantine/PasswordInput'
import type { Controlled } from './fields'

/**
 * A secret typed into a form (a client secret): masked as typed, never filled in by the browser, never shown back.
 * Its body path is marked `sensitive` on the endpoint that sends it, which hides it wherever the body is echoed. A
 * module of its own, out of the form kit's chunk: only the forms that take a secret load Mantine's PasswordInput.
 */
export function SecretField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<PasswordInputProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <PasswordInput
      autoComplete="new-password"
      {...props}
      {...field}
      value={field.value ?? ''}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}
