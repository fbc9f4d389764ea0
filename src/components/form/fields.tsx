// Mantine inputs connected to react-hook-form. Each puts the field's error message into Mantine's `error` prop and
// normalises the values Mantine and the API disagree on (an empty NumberInput is undefined, a cleared Select null).
import {
  MultiSelect,
  NumberInput,
  Select,
  Switch,
  TextInput,
  Textarea,
  type MultiSelectProps,
  type NumberInputProps,
  type SelectProps,
  type SwitchProps,
  type TextInputProps,
  type TextareaProps,
} from '@mantine/core'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'

interface Controlled<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
}

export function TextField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<TextInputProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return <TextInput {...props} {...field} value={field.value ?? ''} error={fieldState.error?.message} />
}

export function TextareaField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<TextareaProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return <Textarea {...props} {...field} value={field.value ?? ''} error={fieldState.error?.message} />
}

export function NumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<NumberInputProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <NumberInput
      {...props}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value === '' ? undefined : typeof value === 'string' ? Number(value) : value)}
      error={fieldState.error?.message}
    />
  )
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<SelectProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Select
      {...props}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value ?? '')}
      error={fieldState.error?.message}
    />
  )
}

export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  ...props
}: Controlled<T> & Omit<MultiSelectProps, 'value' | 'onChange' | 'name' | 'error'>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <MultiSelect
      {...props}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? []}
      onChange={field.onChange}
      error={fieldState.error?.message}
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
      error={fieldState.error?.message}
    />
  )
}
