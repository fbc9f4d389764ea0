// Mantine's Badge with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Badge.layer.css'
export { Badge } from '@mantine/core'
