// Mantine's Breadcrumbs with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Breadcrumbs.layer.css'
export { Breadcrumbs } from '@mantine/core'
