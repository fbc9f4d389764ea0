import { Skeleton } from './mantine/Skeleton'
import { Stack } from './mantine/Stack'

/**
 * Grey rows where a list will show, while its first answer comes. A status named by `label`, so that a screen reader
 * hears what is loading: a name on an element with no role is one that assistive technology may ignore (axe's
 * aria-prohibited-attr).
 */
export function LoadingRows({ label, rows = 6, height = 44 }: { label: string; rows?: number; height?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  )
}
