// Mantine's Text with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Text.layer.css'
export { Text } from '@mantine/core'
