// Mantine's Chip with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Chip.layer.css'
export { Chip } from '@mantine/core'
