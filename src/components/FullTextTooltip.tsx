import { Tooltip } from '@mantine/core'
import type { ReactElement } from 'react'

// Hover for the pointer, focus for the keyboard, a tap on a touch screen.
const EVENTS = { hover: true, focus: true, touch: true }

/** FullTextTip's tooltip: the whole text of what is shown cut. */
export default function FullTextTooltip({ text, children }: { text: string; children: ReactElement }) {
  return (
    <Tooltip label={text} events={EVENTS} multiline maw={360} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Tooltip>
  )
}
