// Mantine's Popover with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Overlay.layer.css'
import '@mantine/core/styles/Popover.layer.css'
import '@mantine/core/styles/VisuallyHidden.layer.css'
export { Popover } from '@mantine/core'
