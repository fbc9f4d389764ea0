import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core'
import {
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
} from 'react-hook-form'
import { RowInput } from '../../../components/form/TagsField'
import { keepFocus } from '../../../components/form/keep-focus'

interface RowsEditorProps<T extends FieldValues> {
  control: Control<T>
  name: ArrayPath<T>
  label: string
  description: string
  empty: string
  addLabel: string
  newRow: FieldArray<T, ArrayPath<T>>
  /** One entry per input in a row: the row field and its placeholder. */
  inputs: { field: string; label: string; placeholder: string }[]
}

/** Editable rows (DNS servers, routes): add, remove, and each input's error under it. */
export function RowsEditor<T extends FieldValues>({
  control,
  name,
  label,
  description,
  empty,
  addLabel,
  newRow,
  inputs,
}: RowsEditorProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name })
  return (
    <Stack gap={6} role="group" aria-labelledby={`${name}-label`}>
      <div>
        <Text id={`${name}-label`} size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      {fields.length === 0 && (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      )}
      {fields.map((row, index) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
          {inputs.map((input) => (
            <RowInput
              key={input.field}
              control={control}
              name={`${name}.${index}.${input.field}` as Path<T>}
              label={`${input.label} ${index + 1}`}
              placeholder={input.placeholder}
            />
          ))}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            {...keepFocus}
            onClick={() => remove(index)}
            aria-label={`Remove ${inputs[0]!.label.toLowerCase()} ${index + 1}`}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" w="fit-content" {...keepFocus} onClick={() => append(newRow)}>
        {addLabel}
      </Button>
    </Stack>
  )
}
