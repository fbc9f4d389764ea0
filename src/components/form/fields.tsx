// Mantine inputs connected to react-hook-form. Each puts the field's error message into Mantine's `error` prop and
// normalises the values Mantine and the API disagree on (an empty number is undefined, a cleared Select null).
import type { MultiSelectProps, SelectProps, SwitchProps, TextInputProps } from '@mantine/core'
import { MultiSelect } from '../mantine/MultiSelect'
import { Switch } from '../mantine/Switch'
import { TextInput } from '../mantine/TextInput'
import { DeferredSelect } from '../DeferredSelect'
import { GrowingTextarea, type GrowingTextareaProps } from '../GrowingTextarea'
import { useState } from 'react'
import { numberText, parseNumber } from './NumberText'
import { useSelectA11y } from '../../lib/use-select-a11y'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'

export interface Controlled<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
}

export function TextField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<TextInputProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <TextInput
      {...props}
      {...field}
      value={field.value ?? ''}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}

export function TextareaField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<GrowingTextareaProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <GrowingTextarea
      {...props}
      {...field}
      value={field.value ?? ''}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}

/**
 * A number typed as text: what the user typed stays on screen, and the form's schema refuses it with a reason (a
 * negative, a fraction, out of range, not a number). A numeric input would rewrite it instead (`1e9` to 19, `-5` to
 * 5, `10.5` to 10, `0` to the minimum), and the form would send a number the user never typed.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<TextInputProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  const [text, setText] = useState(() => (typeof field.value === 'number' ? numberText(field.value) : ''))
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value)
        field.onChange(parseNumber(event.currentTarget.value))
      }}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<SelectProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  const a11y = useSelectA11y()
  return (
    <DeferredSelect
      // A required choice is changed by picking another, never emptied by clicking the chosen one again.
      allowDeselect={!(props.withAsterisk || props.required)}
      {...props}
      {...a11y}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      // No choice is null to Mantine: given '', a searchable Select kept showing the option it was cleared from.
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}

export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<MultiSelectProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  const a11y = useSelectA11y()
  return (
    <MultiSelect
      {...props}
      {...a11y}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? []}
      onChange={field.onChange}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}

export function SwitchField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<SwitchProps, 'checked' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Switch
      {...props}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      error={useSteadyWhilePressed(fieldState.error?.message)}
    />
  )
}
