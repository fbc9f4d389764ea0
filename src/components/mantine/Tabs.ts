// Mantine's Tabs with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Tabs.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
export { Tabs } from '@mantine/core'
