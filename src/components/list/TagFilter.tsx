import type { TagsInputProps } from '@mantine/core'
import { useState } from 'react'
import { FILTER_WIDTHS } from './filter-widths'
import { clickOnMount, PendingFilterInput, useFilterInputs } from './lazy-filter-inputs'

const WIDTH = { base: '100%', sm: FILTER_WIDTHS.tag }

/** A list's tag filter (`name=value` tags), cleared in one click; Mantine's TagsInput once its chunk is in. */
export function TagFilter(props: Omit<TagsInputProps, 'w' | 'clearable'> & { value: string[] }) {
  const [clicked, setClicked] = useState(false)
  const inputs = useFilterInputs(clicked)
  if (inputs) return <inputs.TagsInput {...props} w={WIDTH} clearable ref={clicked ? clickOnMount : undefined} />
  return (
    <PendingFilterInput
      kind="TagsInput"
      pills={props.value}
      placeholder={props.placeholder}
      searchable
      w={WIDTH}
      onClick={() => setClicked(true)}
    />
  )
}
