import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import {
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldValues,
  type Path,
  useController,
} from 'react-hook-form'
import { keepFocus } from './keep-focus'

interface TagsFieldProps<T extends FieldValues> {
  control: Control<T>
  name: ArrayPath<T>
}

/** Tags as rows of name and value, the way people think of labels. */
export function TagsField<T extends FieldValues>({ control, name }: TagsFieldProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name })
  return (
    <Stack gap={6} role="group" aria-labelledby={`${name}-label`}>
      <Text id={`${name}-label`} size="sm" fw={500}>
        Tags
      </Text>
      {fields.length === 0 && (
        <Text size="xs" c="dimmed">
          No tags. Tags are name=value labels you can filter lists by.
        </Text>
      )}
      {fields.map((field, index) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="nowrap">
          <RowInput
            control={control}
            name={`${name}.${index}.name` as Path<T>}
            label={`Tag ${index + 1} name`}
            placeholder="name, e.g. env"
          />
          <RowInput
            control={control}
            name={`${name}.${index}.value` as Path<T>}
            label={`Tag ${index + 1} value`}
            placeholder="value, e.g. prod"
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            {...keepFocus}
            onClick={() => remove(index)}
            aria-label={`Remove tag ${index + 1}`}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        {...keepFocus}
        onClick={() => append({ name: '', value: '' } as never)}
      >
        Add tag
      </Button>
    </Stack>
  )
}

/** A compact input for editable rows: its label is for screen readers, the row's position says the rest. */
export function RowInput<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
}: {
  control: Control<T>
  name: Path<T>
  label: string
  placeholder?: string
}) {
  const { field, fieldState } = useController({ control, name })
  return (
    <TextInput
      {...field}
      value={field.value ?? ''}
      aria-label={label}
      placeholder={placeholder}
      error={fieldState.error?.message}
      style={{ flex: 1 }}
      spellCheck={false}
      autoComplete="off"
    />
  )
}
