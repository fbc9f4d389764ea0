// Mantine's ActionIcon with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/ActionIcon.layer.css'
export { ActionIcon } from '@mantine/core'
