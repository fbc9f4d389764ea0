// Mantine's Kbd with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Kbd.layer.css'
export { Kbd } from '@mantine/core'
