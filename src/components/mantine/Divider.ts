// Mantine's Divider with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Divider.layer.css'
export { Divider } from '@mantine/core'
