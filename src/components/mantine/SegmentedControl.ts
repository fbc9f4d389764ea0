// Mantine's SegmentedControl with the stylesheets it draws with (scripts/mantine-sheets.ts).
import '@mantine/core/styles/FloatingIndicator.layer.css'
import '@mantine/core/styles/SegmentedControl.layer.css'
export { SegmentedControl } from '@mantine/core'
