// Mantine's Alert with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Alert.layer.css'
export { Alert } from '@mantine/core'
