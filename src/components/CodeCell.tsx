import type { ReactNode } from 'react'
import { cellText } from './cell-text'

/** A value people read as code in a list cell (a CIDR prefix, a flavor name): monospace, cut where the column ends. */
export function CodeCell({ children }: { children: ReactNode }) {
  return (
    <p className={cellText('sm', 'mono')} data-truncate="end">
      {children}
    </p>
  )
}
