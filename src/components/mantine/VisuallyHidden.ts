// Mantine's VisuallyHidden with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/VisuallyHidden.layer.css'
export { VisuallyHidden } from '@mantine/core'
