// Mantine's Center with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Center.layer.css'
export { Center } from '@mantine/core'
