import { Box, type BoxProps } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './ScrollBox.module.css'

interface TableScrollProps extends BoxProps {
  /** Below this width the table keeps it and scrolls sideways in its own box, not the page. */
  minWidth: number
  children: ReactNode
}

/**
 * A table's sideways-scrolling box, as Mantine's Table.ScrollContainer with the browser's own scrolling: that one
 * brought ScrollArea into the shell chunk (src/components/ScrollBox.module.css).
 */
export function TableScroll({ minWidth, children, ...others }: TableScrollProps) {
  return (
    <Box className={classes.x} {...others}>
      <div style={{ minWidth }}>{children}</div>
    </Box>
  )
}
