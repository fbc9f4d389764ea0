// Mantine's Group with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Group.layer.css'
export { Group } from '@mantine/core'
