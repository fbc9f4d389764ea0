// Mantine's ComboboxChevron with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Combobox.layer.css'
export { ComboboxChevron } from '@mantine/core'
