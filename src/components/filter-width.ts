import { rem } from '@mantine/core'
import classes from './filter-width.module.css'

/**
 * The props that size a list's search or filter input: the whole row below the sm breakpoint, `width` pixels from it.
 * What Mantine's `w={{ base: '100%', sm: width }}` did, without the <style> element it renders for each input: the
 * filter inputs arrive after the rows, and replacing their stand-ins replaced those elements, a change of the page's
 * stylesheets that had Chromium restyle every element (200 networks on a 4x-throttled phone: 2,138 elements, some
 * 500 ms of style, layout and paint in one task).
 */
export const filterWidth = (width: number) => ({
  className: classes.filter,
  style: { '--filter-width': rem(width) } as React.CSSProperties,
})
