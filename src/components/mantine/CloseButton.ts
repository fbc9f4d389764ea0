// Mantine's CloseButton with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
export { CloseButton } from '@mantine/core'
