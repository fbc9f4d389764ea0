import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { capitalized } from '../../lib/words'
import { TextField } from './fields'

interface TypedIdFieldProps<T extends FieldValues> {
  control: Control<T>
  name: FieldPath<T>
  /** What the id names, as in a sentence: "storage class". */
  noun: string
  /** Its plural, where an added s will not do: "storage classes". */
  plural?: string
  /** Which one to enter, where the form has a rule for it: "of one in the region". */
  which?: string
}

/**
 * A choice from a list the platform does not offer: the id is typed instead. Required like the choice it stands for,
 * never spell-checked or completed (an id is not a word), and it says why there is no list.
 */
export function TypedIdField<T extends FieldValues>({ control, name, noun, plural, which }: TypedIdFieldProps<T>) {
  return (
    <TextField
      control={control}
      name={name}
      label={`${capitalized(noun)} id`}
      description={`This platform cannot list ${plural ?? `${noun}s`}; enter the id${which ? ` ${which}` : ''}.`}
      withAsterisk
      spellCheck={false}
      autoComplete="off"
    />
  )
}
