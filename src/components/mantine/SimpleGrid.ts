// Mantine's SimpleGrid with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/SimpleGrid.layer.css'
export { SimpleGrid } from '@mantine/core'
