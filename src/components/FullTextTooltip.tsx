import { Tooltip } from './mantine/Tooltip'
import type { ReactElement } from 'react'

// Hover for the pointer, focus for the keyboard, a tap on a touch screen.
const EVENTS = { hover: true, focus: true, touch: true }
const STYLE = { overflowWrap: 'anywhere' } as const

/** The whole text of something shown cut, in a tooltip on hover and on keyboard focus. */
export default function FullTextTooltip({
  text,
  disabled = false,
  children,
}: {
  text: string
  disabled?: boolean
  children: ReactElement
}) {
  return (
    <Tooltip label={text} events={EVENTS} multiline maw={360} style={STYLE} disabled={disabled}>
      {children}
    </Tooltip>
  )
}

/** The same tooltip for an element rendered elsewhere, shown while `opened` (FullTextTip.tsx decides when). */
export function FullTextTooltipAt({ text, target, opened }: { text: string; target: HTMLElement; opened: boolean }) {
  return <Tooltip label={text} target={target} opened={opened} multiline maw={360} style={STYLE} />
}
