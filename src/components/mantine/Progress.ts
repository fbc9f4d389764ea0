// Mantine's Progress with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Progress.layer.css'
export { Progress } from '@mantine/core'
