// Mantine's Anchor with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Text.layer.css'
import '@mantine/core/styles/Anchor.layer.css'
export { Anchor } from '@mantine/core'
