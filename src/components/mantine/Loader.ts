// Mantine's Loader with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Loader.layer.css'
export { Loader } from '@mantine/core'
