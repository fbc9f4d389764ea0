/**
 * Stands in for Mantine's AppShellResizeHandle in the build (vite.config.ts): AppShell's header, navbar, aside and footer render the
 * handle only when their section is resizable, and the console's layout makes none so. The handle's drag, keyboard and
 * persistence code then left the shell chunk every page preloads (1.7 KB gzip). Rendering it fails loudly rather than
 * showing a section that cannot be resized.
 */
export function AppShellResizeHandle(): never {
  throw new Error(
    "The build leaves out AppShell's resize handle (vite.config.ts): take it back before making a section resizable",
  )
}
