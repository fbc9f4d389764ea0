import { useTypedText } from '../lib/use-typed-text'
import { CloseButton } from './mantine/CloseButton'
import { TextInput } from './mantine/TextInput'

/**
 * A list's text search, kept by the caller (in the URL) and sent there on every change; the box owns its text while
 * the user types (`useTypedText`), so no key is lost to an address still catching up. Clearing is one click.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  width = 300,
  label,
  name = 'Search',
  clearLabel = 'Clear search',
}: {
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** From the small breakpoint up; below it, the whole row. */
  width?: number
  /** A label shown above the box; without one, the box is named by `name`. */
  label?: string
  name?: string
  clearLabel?: string
}) {
  const [text, type] = useTypedText(value, onChange)
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : name}
      placeholder={placeholder}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      rightSection={text ? <CloseButton aria-label={clearLabel} size="sm" onClick={() => type('')} /> : null}
      w={{ base: '100%', sm: width }}
    />
  )
}
