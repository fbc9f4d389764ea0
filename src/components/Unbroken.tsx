import type { ReactNode } from 'react'

/**
 * An identifier in a sentence (a region id) that a narrow box moves to the next line whole, rather than breaking it
 * at its hyphen ("eu-" / "west-1") as browsers do. For short identifiers only: it never breaks, even where it alone is
 * wider than the line. The text stays as it is, so copying and screen readers meet the identifier unchanged.
 */
export function Unbroken({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
}
