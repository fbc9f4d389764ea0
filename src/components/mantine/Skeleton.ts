// Mantine's Skeleton with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/Skeleton.layer.css'
export { Skeleton } from '@mantine/core'
