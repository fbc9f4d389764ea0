import { Button } from './mantine/Button'
import type { ReactNode } from 'react'
import { EmptyState } from './EmptyState'

/** Things exist, but the search and filters hide them all: say so, with the way back to all of them. */
export function NoMatch({
  title,
  description,
  clearLabel = 'Clear filters',
  onClear,
}: {
  title: string
  description: ReactNode
  clearLabel?: string
  onClear: () => void
}) {
  return (
    <EmptyState
      kind="no-match"
      title={title}
      description={description}
      action={
        <Button variant="light" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  )
}
