// Mantine's Burger with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/Burger.layer.css'
export { Burger } from '@mantine/core'
