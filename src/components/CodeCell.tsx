import { Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A value people read as code in a list cell (a CIDR prefix, a flavor name): monospace, cut where the column ends. */
export function CodeCell({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" ff="monospace" truncate="end">
      {children}
    </Text>
  )
}
