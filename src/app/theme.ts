import { createTheme, type CSSVariablesResolver } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'blue',
  // White text on blue 8 clears WCAG AA (4.9:1); blue 7, Mantine's default, does not (4.0:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Badge: { defaultProps: { variant: 'light', radius: 'sm', tt: 'none' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
  },
})

// Dimmed text in Mantine's defaults is a little too light on white for AA at small sizes.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
})
