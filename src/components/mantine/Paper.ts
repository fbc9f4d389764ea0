// Mantine's Paper with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Paper.layer.css'
export { Paper } from '@mantine/core'
