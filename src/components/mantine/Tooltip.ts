// Mantine's Tooltip with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Tooltip.layer.css'
export { Tooltip } from '@mantine/core'
