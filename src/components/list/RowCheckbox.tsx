import type { ChangeEvent } from 'react'
import classes from './RowCheckbox.module.css'

/**
 * A row's checkbox: the browser's own, in the theme's colour. A list renders one per row, and Mantine's Checkbox is
 * a component tree per box (and a chunk the list's first screen would wait for).
 */
export function RowCheckbox({
  indeterminate = false,
  ...box
}: {
  'aria-label': string
  checked: boolean
  indeterminate?: boolean
  disabled?: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}) {
  return (
    <input
      type="checkbox"
      className={classes.box}
      // "Some are ticked" has no attribute: it is the element's property.
      ref={(node) => {
        if (node) node.indeterminate = indeterminate
      }}
      {...box}
    />
  )
}
