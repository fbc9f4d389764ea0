import { Text, Tooltip, type TextProps } from '@mantine/core'
import { formatAge, formatRelative, formatTimestamp } from '../lib/format'

/** A time as "3 minutes ago" (or a short age), with the exact UTC timestamp on hover. */
export function RelativeTime({
  value,
  short = false,
  ...props
}: { value: string | undefined; short?: boolean } & TextProps) {
  if (!value) return <Text {...props}>—</Text>
  return (
    <Tooltip label={formatTimestamp(value)}>
      <Text component="time" dateTime={value} {...props} tabIndex={0}>
        {short ? formatAge(value) : formatRelative(value)}
      </Text>
    </Tooltip>
  )
}
