import { MultiSelect, type MultiSelectProps } from '@mantine/core'
import { useSelectA11y } from '../../lib/use-select-a11y'

/**
 * A list filter that picks several values, cleared in one click. Its placeholder says what the empty filter keeps
 * ("All regions", "Any license"), so it shows only while nothing is picked, never beside the picked values.
 */
export function FilterSelect({
  placeholder,
  value,
  width,
  ...props
}: Omit<MultiSelectProps, 'value' | 'w'> & {
  placeholder: string
  value: string[]
  /** From the small breakpoint up, as beside it in the filter bar; below it, the whole row. */
  width: number
}) {
  const a11y = useSelectA11y()
  return (
    <MultiSelect
      clearable
      {...props}
      {...a11y}
      value={value}
      placeholder={value.length ? undefined : placeholder}
      w={{ base: '100%', sm: width }}
    />
  )
}
