import { Box, type BoxProps } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './ScrollBox.module.css'

interface TableScrollProps extends BoxProps {
  /** Below this width the table keeps it and scrolls sideways in its own box, not the page. */
  minWidth: number
  /**
   * For a table with nothing in it to focus: the box takes the keyboard's focus, named so, for the arrow keys to
   * scroll it (a table of links is scrolled by tabbing through them).
   */
  focusableAs?: string
  children: ReactNode
}

/**
 * A table's sideways-scrolling box, as Mantine's Table.ScrollContainer with the browser's own scrolling: that one
 * brought ScrollArea into the shell chunk (src/components/ScrollBox.module.css).
 */
export function TableScroll({ minWidth, focusableAs, children, ...others }: TableScrollProps) {
  const focusable = focusableAs ? { tabIndex: 0, role: 'region', 'aria-label': focusableAs } : {}
  return (
    <Box className={classes.x} {...focusable} {...others}>
      <div style={{ minWidth }}>{children}</div>
    </Box>
  )
}
