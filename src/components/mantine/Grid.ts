// Mantine's Grid with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Grid.layer.css'
export { Grid } from '@mantine/core'
