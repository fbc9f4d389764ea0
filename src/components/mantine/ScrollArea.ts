// Mantine's ScrollArea with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/ScrollArea.layer.css'
export { ScrollArea } from '@mantine/core'
