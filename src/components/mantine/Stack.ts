// Mantine's Stack with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Stack.layer.css'
export { Stack } from '@mantine/core'
