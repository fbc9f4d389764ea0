import { useMantineTheme, type MantineBreakpoint } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'

/**
 * Whether the window is at least the theme's `breakpoint` wide, right from the first render: for what is not
 * rendered at all below a breakpoint, rather than rendered and hidden by CSS (`visibleFrom`), where rendering it costs
 * a phone's first paint for nothing it shows.
 */
export function useFromBreakpoint(breakpoint: MantineBreakpoint): boolean {
  const query = `(min-width: ${useMantineTheme().breakpoints[breakpoint]})`
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false })
}
