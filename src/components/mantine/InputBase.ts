// Mantine's InputBase with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Input.layer.css'
export { InputBase } from '@mantine/core'
