import { CloseButton } from './mantine/CloseButton'
import { TextInput } from './mantine/TextInput'

/** A list's text search, its value held by the caller (in the URL); clearing is one click. */
export function SearchField({
  value,
  onChange,
  placeholder,
  width = 300,
}: {
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** From the small breakpoint up; below it, the whole row. */
  width?: number
}) {
  return (
    <TextInput
      aria-label="Search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton aria-label="Clear search" size="sm" onClick={() => onChange('')} /> : null}
      w={{ base: '100%', sm: width }}
    />
  )
}
