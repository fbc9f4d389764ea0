import type { ReactNode } from 'react'

/** A small line icon in the text's colour; hidden from assistive technology, since its button carries the name. */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}

/** Two sheets, or a tick once the copy is done. */
export function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <LineIcon>
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </LineIcon>
  )
}
