// Mantine's Table with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Table.layer.css'
import '@mantine/core/styles/ScrollArea.layer.css'
export { Table } from '@mantine/core'
