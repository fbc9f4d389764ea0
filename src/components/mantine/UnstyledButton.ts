// Mantine's UnstyledButton with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
export { UnstyledButton } from '@mantine/core'
