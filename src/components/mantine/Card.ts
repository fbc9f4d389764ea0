// Mantine's Card with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Paper.layer.css'
import '@mantine/core/styles/Card.layer.css'
export { Card } from '@mantine/core'
