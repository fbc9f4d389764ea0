import { getOptionsLockup, getParsedComboboxData } from '@mantine/core'
import { useState } from 'react'
import type { FilterMultiSelectProps } from '../FilterInputs'
import { clickOnMount, PendingFilterInput, useFilterInputs } from './lazy-filter-inputs'

/**
 * A list filter that picks several values, cleared in one click. Its placeholder says what the empty filter keeps
 * ("All regions", "Any license"), so it shows only while nothing is picked, never beside the picked values.
 * Mantine's MultiSelect arrives in a chunk of its own; until then the same box stands in its place.
 */
export function FilterSelect(props: FilterMultiSelectProps) {
  const [clicked, setClicked] = useState(false)
  const inputs = useFilterInputs(clicked)
  if (inputs) return <inputs.FilterMultiSelect {...props} ref={clicked ? clickOnMount : undefined} />
  const { data, value, placeholder, searchable = false, width, label } = props
  const options = getOptionsLockup(getParsedComboboxData(data))
  return (
    <PendingFilterInput
      kind="MultiSelect"
      label={label}
      pills={value.map((v) => options[v]?.label ?? v)}
      placeholder={value.length ? undefined : placeholder}
      searchable={searchable}
      w={{ base: '100%', sm: width }}
      onClick={() => setClicked(true)}
    />
  )
}
