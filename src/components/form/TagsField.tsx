import type { ArrayPath, Control, FieldValues } from 'react-hook-form'
import { FormSection } from './FormPage'
import { RowsEditor } from './RowsEditor'

interface TagsFieldProps<T extends FieldValues> {
  control: Control<T>
  name: ArrayPath<T>
}

/** Tags as rows of name and value, the way people think of labels. */
export function TagsField<T extends FieldValues>({ control, name }: TagsFieldProps<T>) {
  return (
    <RowsEditor
      control={control}
      name={name}
      label="Tags"
      empty="No tags. Tags are name=value labels you can filter lists by."
      row="tag"
      inputs={[
        { field: 'name', heading: 'Name', label: (row) => `Tag ${row} name`, placeholder: 'e.g. env' },
        { field: 'value', heading: 'Value', label: (row) => `Tag ${row} value`, placeholder: 'e.g. prod' },
      ]}
    />
  )
}

/** A form's `tags` in a section of their own, where most forms end. */
export function TagsSection<T extends FieldValues & { tags: { name: string; value: string }[] }>({
  control,
}: {
  control: Control<T>
}) {
  return (
    <FormSection>
      <TagsField control={control} name={'tags' as ArrayPath<T>} />
    </FormSection>
  )
}
