import type { TagsInputProps } from '@mantine/core'
import { useState } from 'react'
import { filterWidth } from '../filter-width'
import { clickOnMount, PendingFilterInput, useFilterInputs } from './lazy-filter-inputs'

const WIDTH = 260

/** A list's tag filter (`name=value` tags), cleared in one click; Mantine's TagsInput once its chunk is in. */
export function TagFilter(props: Omit<TagsInputProps, 'w' | 'clearable'> & { value: string[] }) {
  const inputs = useFilterInputs()
  const [clicked, setClicked] = useState(false)
  if (inputs)
    return <inputs.TagsInput {...props} {...filterWidth(WIDTH)} clearable ref={clicked ? clickOnMount : undefined} />
  return (
    <PendingFilterInput
      kind="TagsInput"
      pills={props.value}
      placeholder={props.placeholder}
      searchable
      width={WIDTH}
      onClick={() => setClicked(true)}
    />
  )
}
