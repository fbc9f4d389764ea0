// Stand-ins for Mantine components that the boot path's components import and render only in a case the console never
// asks for (vite.config.ts puts them in place there, in the build). Each left the shell chunk every page preloads;
// rendering one fails loudly rather than showing a part that does nothing.

const leftOut = (what: string) => (): never => {
  throw new Error(`The build leaves out ${what} (vite.config.ts): take it back before using it`)
}

/**
 * AppShell's header, navbar, aside and footer render the resize handle only when their section is resizable, and the
 * layout makes none so: its drag, keyboard and persistence code, 1.7 KB gzip.
 */
export const AppShellResizeHandle = leftOut("AppShell's resize handle")

/** NavLink renders Collapse only around nested links, and the navigation nests none: both collapse hooks, 2 KB gzip. */
export const Collapse = leftOut("NavLink's Collapse, for nested links")

/** AppShell attaches its aside and footer to itself, and the layout renders neither. */
export const AppShellAside = leftOut('AppShell.Aside')
export const AppShellFooter = leftOut('AppShell.Footer')

interface SectionVariables {
  aside?: unknown
  footer?: unknown
  resizedSize?: unknown
}

/**
 * AppShell's media styles ask what an aside and a footer add to the layout's CSS variables: with neither configured
 * (nor resized), Mantine's own add nothing, as these do; they refuse one that is. 0.5 KB gzip with the two above.
 */
export function assignAsideVariables({ aside, resizedSize }: SectionVariables): void {
  if (aside !== undefined || resizedSize !== undefined) leftOut("AppShell's aside")()
}
export function assignFooterVariables({ footer, resizedSize }: SectionVariables): void {
  if (footer !== undefined || resizedSize !== undefined) leftOut("AppShell's footer")()
}

/** Button and ActionIcon attach their groups to themselves, and the console renders none: 0.3 KB gzip. */
export const ButtonGroup = leftOut('Button.Group')
export const ButtonGroupSection = leftOut('Button.GroupSection')
export const ActionIconGroup = leftOut('ActionIcon.Group')
export const ActionIconGroupSection = leftOut('ActionIcon.GroupSection')

/**
 * Table attaches its ScrollContainer to itself, which draws its box with ScrollArea; the console's tables scroll in
 * src/components/TableScroll.tsx, and the navigation scrolls natively too: ScrollArea leaves the shell chunk.
 */
export const TableScrollContainer = leftOut('Table.ScrollContainer (use src/components/TableScroll.tsx)')

/**
 * Modal's root imports ScrollArea only to ask whether a dialog's `scrollAreaComponent` is ScrollArea.Autosize (then
 * it makes room for the scrollbar); no dialog of the console sets one, and a dialog that passed the real one would
 * miss only that room. Without it a page's delete dialog no longer brings ScrollArea, 5.2 KB gzip.
 */
export const ScrollArea = { Autosize: leftOut('ScrollArea.Autosize, for a dialog') }

/**
 * MantineProvider builds the theme's CSS variables from it at every start, unless told not to (withCssVariables), as
 * src/app/providers.tsx does: the console's are a stylesheet, src/app/theme-variables.css. 1.9 KB gzip.
 */
export const MantineCssVariables = leftOut("MantineProvider's CSS variables (src/app/theme-variables.css has them)")
