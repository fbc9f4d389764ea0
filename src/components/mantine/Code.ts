// Mantine's Code with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Code.layer.css'
export { Code } from '@mantine/core'
