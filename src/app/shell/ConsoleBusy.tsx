import { startTransition, useEffect, useState } from 'react'
import { consoleBusy } from '../../api/busy'

/**
 * Says at once that the console server is busy and the page is asking again (src/api/busy.ts): under load a refused
 * read is retried after the server's Retry-After, and a spinner alone looked like a console that had stopped. Outside
 * the router, so it shows on a first screen still waiting for its reads too; plain elements, as it is in the entry.
 */
export function ConsoleBusy() {
  const [busy, setBusy] = useState(consoleBusy.get)
  useEffect(() => {
    const follow = () => startTransition(() => setBusy(consoleBusy.get()))
    const unsubscribe = consoleBusy.subscribe(follow)
    follow()
    return unsubscribe
  }, [])
  return (
    <div role="status" style={busy ? NOTICE : undefined}>
      {busy && 'The console is busy. It asks again in a moment; what you typed stays as it is.'}
    </div>
  )
}

// At the foot of the window, centred: over the header it hid the scope pickers. Fixed at both sides with auto
// margins, so a phone's width is the limit, not half of it (a left of 50% shrank the box to half the screen).
const NOTICE = {
  position: 'fixed',
  insetBlockEnd: 'var(--mantine-spacing-md)',
  insetInline: 0,
  marginInline: 'auto',
  inlineSize: 'fit-content',
  zIndex: 400,
  maxInlineSize: 'calc(100vw - 2 * var(--mantine-spacing-md))',
  padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
  borderRadius: 'var(--mantine-radius-md)',
  // The page's own background under it (a light tint alone would show the page through), edged in amber.
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-amber-filled)',
  color: 'var(--mantine-color-text)',
  boxShadow: 'var(--mantine-shadow-md)',
  fontSize: 'var(--mantine-font-size-sm)',
} as const
