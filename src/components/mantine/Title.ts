// Mantine's Title with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Title.layer.css'
export { Title } from '@mantine/core'
