import { Box } from '@mantine/core'
import { ActionIcon } from '../mantine/ActionIcon'
import { Button } from '../mantine/Button'
import { Select } from '../mantine/Select'
import { Stack } from '../mantine/Stack'
import { Text } from '../mantine/Text'
import { TextInput } from '../mantine/TextInput'
import {
  useController,
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
} from 'react-hook-form'
import { keepFocus } from './keep-focus'
import { useSteadyWhilePressed } from '../../lib/use-steady-while-pressed'

export interface RowsEditorProps<T extends FieldValues> {
  control: Control<T>
  name: ArrayPath<T>
  label: string
  description?: string
  empty: string
  /** What one row is, for its add and remove buttons: "Add route", "Remove route 2". */
  row: string
  /**
   * One entry per column: the row field, its visible heading, each input's accessible name and a placeholder. A new
   * row starts with every field empty.
   */
  inputs: RowField[]
}

/** One column of the rows: typed in, or, with `options`, chosen from them (a new row starts at the first). */
interface RowField {
  field: string
  heading: string
  label: (row: number) => string
  placeholder: string
  options?: readonly string[]
}

/**
 * Editable rows (tags, DNS servers, routes): add, remove, and each input's error under it. The columns keep their
 * headings above the rows: a placeholder says what a field is only until something is typed in it. Rows and headings
 * share one grid, so a heading stays over its column whatever the width.
 */
export function RowsEditor<T extends FieldValues>({
  control,
  name,
  label,
  description,
  empty,
  row,
  inputs,
}: RowsEditorProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name })
  return (
    <Stack gap={6} role="group" aria-labelledby={`${name}-label`}>
      <div>
        <Text id={`${name}-label`} size="sm" fw="var(--mantine-font-weight-medium)">
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {fields.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${inputs.length}, minmax(0, 1fr)) auto`,
            gap: '6px var(--mantine-spacing-xs)',
            alignItems: 'start',
          }}
        >
          {/* Each input's own name says its row and column: the headings are for the eye. */}
          {inputs.map((input) => (
            <Text key={input.field} size="xs" fw="var(--mantine-font-weight-medium)" aria-hidden>
              {input.heading}
            </Text>
          ))}
          <span />
          {fields.map((field, index) => [
            ...inputs.map((input) => (
              <RowInput
                key={`${field.id}-${input.field}`}
                control={control}
                name={`${name}.${index}.${input.field}` as Path<T>}
                label={input.label(index + 1)}
                placeholder={input.placeholder}
                options={input.options}
              />
            )),
            <ActionIcon
              key={`${field.id}-remove`}
              variant="subtle"
              color="gray"
              size="lg"
              {...keepFocus}
              onClick={() => remove(index)}
              aria-label={`Remove ${row} ${index + 1}`}
            >
              ×
            </ActionIcon>,
          ])}
        </Box>
      )}
      <Button variant="light" size="xs" w="fit-content" {...keepFocus} onClick={() => append(emptyRow<T>(inputs))}>
        {`Add ${row}`}
      </Button>
    </Stack>
  )
}

/** A compact input for editable rows: its label is for screen readers, its column's heading for the eye. */
function RowInput<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
}: {
  control: Control<T>
  name: Path<T>
  label: string
  placeholder?: string
  options?: readonly string[]
}) {
  const { field, fieldState } = useController({ control, name })
  const error = useSteadyWhilePressed(fieldState.error?.message)
  if (options)
    return (
      <Select
        {...field}
        value={field.value ?? options[0]}
        data={options}
        allowDeselect={false}
        aria-label={label}
        error={error}
      />
    )
  return (
    <TextInput
      {...field}
      value={field.value ?? ''}
      aria-label={label}
      placeholder={placeholder}
      error={error}
      spellCheck={false}
      autoComplete="off"
    />
  )
}

function emptyRow<T extends FieldValues>(inputs: RowField[]) {
  return Object.fromEntries(inputs.map((input) => [input.field, input.options?.[0] ?? ''])) as FieldArray<
    T,
    ArrayPath<T>
  >
}
