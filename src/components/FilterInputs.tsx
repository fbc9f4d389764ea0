import type { MultiSelectProps } from '@mantine/core'
import { MultiSelect } from './mantine/MultiSelect'
import { useSelectA11y } from '../lib/use-select-a11y'

// The list filters' Mantine inputs, a chunk of their own: src/components/list/lazy-filter-inputs.tsx says why.
export { TagsInput } from '@mantine/core'

export type FilterMultiSelectProps = Omit<MultiSelectProps, 'value' | 'w' | 'placeholder'> & {
  placeholder: string
  value: string[]
  /** From the small breakpoint up, as beside it in the filter bar; below it, the whole row. */
  width: number
}

/** The loaded FilterSelect (src/components/list/FilterSelect.tsx). */
export function FilterMultiSelect({ placeholder, value, width, ...props }: FilterMultiSelectProps) {
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
