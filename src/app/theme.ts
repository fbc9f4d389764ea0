import { createTheme, type CSSVariablesResolver } from '@mantine/core'
import { amber, fontFamily, fontFamilyMonospace, ink, iris, mist } from '../lib/design-tokens'
import tableLook from '../components/table-look.module.css'
import classes from './theme.module.css'

const SELF_SCROLLING = { defaultProps: { withScrollArea: false }, classNames: { options: classes.options } }

export const theme = createTheme({
  // The dark scheme is the console's own ink (design-tokens.ts), not Mantine's neutral grey.
  colors: { iris: [...iris], amber: [...amber], dark: [...ink] },
  primaryColor: 'iris',
  // The filled shade of every colour, not only the accent's: white text on blue 8 clears WCAG AA (4.9:1), blue 7 does
  // not (4.2:1, a request preview's POST badge). White on iris 8 is 7.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Bundled (src/app/fonts.css); the system stack shows while they load and wherever they cannot.
  fontFamily,
  fontFamilyMonospace,
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // A user who asked the system for less motion gets menus, dialogs and popovers that appear without moving
  // (prefers-reduced-motion; WCAG 2.3.3). Mantine animates them regardless unless told.
  respectReducedMotion: true,
  components: {
    Badge: { defaultProps: { variant: 'light', radius: 'sm', tt: 'none' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
    // A closed dropdown is not kept in the page: kept (Mantine's default), each select positioned its hidden dropdown
    // as it mounted, reading computed style and layout inside the commit: the longest part of opening a list, whose
    // header and filter bar hold six of them. Select still marks the chosen option when the dropdown opens.
    Combobox: { defaultProps: { keepMounted: false } },
    // A long list (an organization's people) scrolls in its listbox itself (theme.module.css says why).
    Select: SELF_SCROLLING,
    MultiSelect: SELF_SCROLLING,
    Autocomplete: SELF_SCROLLING,
    // Mantine's toast close button is an icon without a name; screen readers would announce just "button".
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    Input: { classNames: { input: classes.input } },
    // Tables are dense and legible: small uppercase headings in the muted colour, rows that tint under the pointer.
    Table: { defaultProps: { highlightOnHover: true }, classNames: { table: tableLook.look } },
    Paper: { classNames: { root: classes.surface } },
    Card: { classNames: { root: classes.surface } },
    // A dialog's header is a <header>, which outside an article or section is a banner landmark: the open palette or
    // a confirmation would add a second banner to the page's own.
    // Dialogs and drawers are raised surfaces too, not the page's own colour.
    Modal: {
      defaultProps: { attributes: { header: { role: 'none' } } },
      classNames: { content: classes.raised, header: classes.raised },
    },
    Drawer: { classNames: { content: classes.raised, header: classes.raised } },
  },
})

// Mantine's dimmed text and its light-variant text (badges, light buttons) fall short of WCAG AA at small sizes.
// Light-variant text is the darkest shade darkened a little further (even shade 9 of green on its tinted background
// is 4.3:1), and in dark mode shade 2; both clear 4.5:1 for every colour the console uses.
const LIGHT_VARIANT_COLORS = [
  'iris',
  'amber',
  'blue',
  'green',
  'orange',
  'red',
  'gray',
  'yellow',
  'teal',
  'grape',
  'violet',
  'cyan',
  'indigo',
  'pink',
  'lime',
]

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-default-border': mist.line,
    // Depth in light as in dark: the page a tinted step below white, cards and panels white above it with a soft
    // shadow, and the header and navigation white with a line and a shadow of their own. White cards on a white page
    // read as one flat sheet.
    '--mantine-color-body': mist.sunken,
    '--cc-surface': mist.page,
    '--cc-surface-border': mist.line,
    '--cc-surface-shadow': '0 1px 2px rgb(29 28 43 / 6%), 0 1px 3px rgb(29 28 43 / 4%)',
    '--cc-row-hover': mist.sunken,
    '--cc-chrome': mist.page,
    '--cc-chrome-shadow': '0 1px 3px rgb(29 28 43 / 7%)',
    // Field error text and an invalid input's placeholder: Mantine's red 6 is 3.9:1 on white, red 8 just 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Yellow's and amber's darkest shades are the lightest of them all: darkened 25% yellow's is 4.47:1 on its tint, so
    // both get 40%.
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((c) => [
        `--mantine-color-${c}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${c}-9), black ${c === 'yellow' || c === 'amber' ? 40 : 25}%)`,
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // A raised surface (a card, a panel) is a step lighter than the page, with a line just darker than the fields'.
    '--cc-surface': `color-mix(in srgb, ${ink[7]}, ${ink[6]} 55%)`,
    '--cc-surface-border': `color-mix(in srgb, ${ink[5]}, ${ink[4]} 40%)`,
    '--cc-row-hover': `color-mix(in srgb, ${ink[7]}, ${ink[5]} 45%)`,
    // The header and the navigation sit a step below the page; the surfaces' step is their colour, with a shadow
    // only a dark page can show.
    '--cc-chrome': ink[8],
    '--cc-surface-shadow': '0 1px 2px rgb(0 0 0 / 30%)',
    '--cc-chrome-shadow': 'none',
    // Links: Mantine's dark anchor, shade 4, is 4.3:1 on the dark body; shade 2 is 8.7:1 there and 6.3:1 on a
    // hovered table row.
    '--mantine-color-anchor': 'var(--mantine-color-iris-2)',
    // Field error text and an invalid input's border: Mantine's dark red 8 is 3.5:1 on the dark surfaces, red 4 5.9:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-2)`]),
    ),
  },
})
