// Mantine's Pill with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Pill.layer.css'
export { Pill } from '@mantine/core'
