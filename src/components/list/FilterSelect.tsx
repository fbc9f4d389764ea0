import { MultiSelect, type MultiSelectProps } from '@mantine/core'

/**
 * A list filter that picks several values. Its placeholder says what the empty filter keeps ("All regions", "Any
 * license"), so it shows only while nothing is picked, never beside the picked values.
 */
export function FilterSelect({
  placeholder,
  value,
  ...props
}: Omit<MultiSelectProps, 'value'> & { placeholder: string; value: string[] }) {
  return <MultiSelect {...props} value={value} placeholder={value.length ? undefined : placeholder} />
}
