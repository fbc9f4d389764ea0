// Mantine's Button with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/Button.layer.css'
export { Button } from '@mantine/core'
