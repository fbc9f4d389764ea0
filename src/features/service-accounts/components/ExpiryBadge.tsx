import { Box } from '@mantine/core'
import { Badge } from '../../../components/mantine/Badge'
import { Tooltip } from '../../../components/mantine/Tooltip'
import { formatTimestamp } from '../../../lib/format'
import { expiryOf, expiryText } from '../expiry'

const COLOR = { expired: 'red', soon: 'amber', ok: 'gray', unknown: 'gray' } as const

/** The token's expiry in words, flagged when it is past or within 30 days, the exact time on hover. */
export function ExpiryBadge({ expiry, now = Date.now() }: { expiry: string | undefined; now?: number }) {
  const state = expiryOf(expiry, now)
  const flagged = state.kind === 'expired' || state.kind === 'soon'
  const badge = (
    <Badge
      color={COLOR[state.kind]}
      variant={flagged ? 'light' : 'outline'}
      leftSection={flagged ? <span aria-hidden>⚠</span> : undefined}
    >
      {expiryText(state)}
    </Badge>
  )
  if (!expiry) return badge
  return (
    <Tooltip label={formatTimestamp(expiry)}>
      <Box component="time" dateTime={expiry} tabIndex={0} display="inline-block">
        {badge}
      </Box>
    </Tooltip>
  )
}
