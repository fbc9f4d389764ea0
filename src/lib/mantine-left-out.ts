// Stand-ins for Mantine components that the shell's components import and render only in a case the console never
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
