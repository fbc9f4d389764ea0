import type { TextProps } from '@mantine/core'
import { Text } from './mantine/Text'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import FullTextTooltip from './FullTextTooltip'

/**
 * One line of text cut with an ellipsis when it does not fit, its whole text then on hover and focus. A `note` (a
 * warning about what the line says) shows on hover whether the line is cut or not, after the whole text when it is.
 */
export function CutText({
  text,
  note,
  children,
  ...props
}: TextProps & { text: string; note?: string; children: ReactNode } & {
  role?: string
}) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [cut, setCut] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setCut(element.scrollWidth > element.clientWidth)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    // The text's width changes without its box's when the web font replaces the fallback: measured again then.
    let live = true
    void document.fonts?.ready.then(() => live && measure())
    return () => {
      live = false
      observer.disconnect()
    }
  }, [text])
  // Always inside the tooltip, disabled while whole: unwrapped, the line would mount anew as it is found cut, and the
  // observer of the old one, now detached and of no size, would find it whole again.
  return (
    <FullTextTooltip text={cut ? [text, note].filter(Boolean).join(' ') : (note ?? text)} disabled={!cut && !note}>
      <Text ref={ref} truncate="end" tabIndex={cut ? 0 : undefined} className="mantine-focus-auto" {...props}>
        {children}
      </Text>
    </FullTextTooltip>
  )
}
