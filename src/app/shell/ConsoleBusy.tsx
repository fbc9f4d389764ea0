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

const NOTICE = {
  position: 'fixed',
  insetBlockStart: 'var(--mantine-spacing-xs)',
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  zIndex: 400,
  maxInlineSize: 'calc(100vw - 2 * var(--mantine-spacing-md))',
  padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
  borderRadius: 'var(--mantine-radius-md)',
  // The page's own background under it (a light tint alone would show the page through), edged in amber.
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-amber-filled)',
  color: 'var(--mantine-color-text)',
  boxShadow: 'var(--mantine-shadow-sm)',
  fontSize: 'var(--mantine-font-size-sm)',
} as const
