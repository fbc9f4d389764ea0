import type { TextProps } from '@mantine/core'
import { Text } from './mantine/Text'
import { formatAge, formatRelative, formatTimestamp } from '../lib/format'

/**
 * A time as "3 minutes ago" (or a short age), with the exact UTC timestamp as its native title: shown on hover and
 * read as the element's description. A floating tooltip per table row cost a positioning engine per row.
 */
export function RelativeTime({
  value,
  short = false,
  ...props
}: { value: string | undefined; short?: boolean } & TextProps) {
  if (!value) return <Text {...props}>—</Text>
  return (
    <Text component="time" dateTime={value} title={formatTimestamp(value)} {...props}>
      {short ? formatAge(value) : formatRelative(value)}
    </Text>
  )
}
