// Mantine's ThemeIcon with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/ThemeIcon.layer.css'
export { ThemeIcon } from '@mantine/core'
