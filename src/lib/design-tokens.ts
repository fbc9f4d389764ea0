/**
 * The console's design tokens, in one place: the Mantine theme (`app/theme.ts`) builds its palette from them, and the
 * local cloud's own pages (its OpenID provider's sign-in) build their stylesheet from the same values, so both read
 * as one product in both schemes. Plain values, no library: the server imports this file too.
 */

/** The accent, an iris violet: the mark, primary buttons, links, the active navigation and focus rings. */
export const iris = [
  '#f3f0ff',
  '#e4dcff',
  '#c8b8ff',
  '#a991ff',
  '#8f6ffd',
  '#7e58fb',
  '#744cfa',
  '#6340de',
  '#5837c7',
  '#4a2db0',
] as const

/**
 * Attention without alarm: what is near a limit, what is being taken down, what needs a look. Warmer and calmer than
 * Mantine's orange, and the one warm colour beside the accent; red stays for failure.
 */
export const amber = [
  '#fff8e5',
  '#ffeebf',
  '#ffe08f',
  '#fdd05a',
  '#f8bf2e',
  '#eead16',
  '#d9960b',
  '#b37808',
  '#8c5c07',
  '#6b4506',
] as const

/**
 * The dark scheme's surfaces, lines and text, lightest first, in Mantine's order for its `dark` colour: 0 is text,
 * 1 dimmed text, 4 borders, 5 hovered controls, 6 fields and raised surfaces, 7 the page, 8 and 9 what sits below
 * it. Tinted towards the accent's hue, so the dark scheme is a blue-violet ink rather than a neutral grey.
 */
export const ink = [
  '#d8dae6',
  '#acb0c6',
  '#888ca6',
  '#62667f',
  '#3c4058',
  '#2d3045',
  '#222536',
  '#181a27',
  '#12131e',
  '#0b0c14',
] as const

/** The light scheme's tinted neutrals where Mantine's greys would read cold against the accent. */
export const mist = {
  page: '#ffffff',
  sunken: '#f6f6fa',
  line: '#e3e2ec',
} as const

/** What each scheme's plain pages need: the page, a raised surface, text, muted text, lines and the accent. */
export interface SchemeTokens {
  page: string
  surface: string
  text: string
  muted: string
  line: string
  accent: string
  accentTint: string
  accentText: string
  error: string
}

export const schemes: Record<'light' | 'dark', SchemeTokens> = {
  light: {
    page: mist.sunken,
    surface: mist.page,
    text: '#1d1c2b',
    muted: '#545267',
    line: mist.line,
    accent: iris[8],
    accentTint: iris[0],
    accentText: iris[9],
    error: '#b01e1e',
  },
  dark: {
    page: ink[8],
    surface: ink[7],
    text: ink[0],
    muted: ink[1],
    line: ink[4],
    accent: iris[3],
    accentTint: '#2a2350',
    accentText: iris[1],
    error: '#ff8787',
  },
}

export const fontFamily =
  '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
export const fontFamilyMonospace =
  '"JetBrains Mono Variable", ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace'
