import { useState } from 'react'

/**
 * Which of a page's dialogs have been opened, given the one open now: a dialog loaded on demand is mounted from its
 * first opening and kept mounted, so that it closes with its transition rather than vanishing.
 */
export function useOpenedOnce<K extends string>(open: K | undefined): Partial<Record<K, true>> {
  const [opened, setOpened] = useState<Partial<Record<K, true>>>({})
  if (open && !opened[open]) {
    const next = { ...opened, [open]: true as const }
    setOpened(next)
    return next
  }
  return opened
}
