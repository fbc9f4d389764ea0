// Mantine's Switch with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Loader.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import '@mantine/core/styles/CloseButton.layer.css'
import '@mantine/core/styles/Input.layer.css'
import '@mantine/core/styles/InlineInput.layer.css'
import '@mantine/core/styles/Switch.layer.css'
export { Switch } from '@mantine/core'
