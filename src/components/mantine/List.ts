// Mantine's List with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/List.layer.css'
export { List } from '@mantine/core'
