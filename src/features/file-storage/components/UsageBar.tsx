import { Group } from '../../../components/mantine/Group'
import { Progress } from '../../../components/mantine/Progress'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { formatBytes } from '../../../lib/format'
import { usageShare } from '../file-storage-form'

interface UsageBarProps {
  usage: { capacityBytes: number; usedBytes?: number } | undefined
  /** Names the bar for screen readers, e.g. "datasets usage". */
  label: string
  /** The compact form for table cells: one line of text under a thin bar. */
  compact?: boolean
}

/** Used of capacity as a bar, in human units from the byte counts; orange from 80 %, red from 95 %. */
export function UsageBar({ usage, label, compact = false }: UsageBarProps) {
  const share = usageShare(usage)
  if (share === undefined || !usage) {
    return (
      <Text size="sm" c="dimmed">
        {usage ? `${formatBytes(usage.capacityBytes)}, usage not reported` : 'Usage not reported'}
      </Text>
    )
  }
  const percent = Math.round(share * 1000) / 10
  const color = share >= 0.95 ? 'red' : share >= 0.8 ? 'amber.7' : 'iris'
  const text = `${formatBytes(usage.usedBytes)} of ${formatBytes(usage.capacityBytes)}`
  return (
    <Stack gap={compact ? 2 : 6} miw={0}>
      {!compact && (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{text} used</Text>
          <Text size="sm" c="dimmed">
            {percent} %
          </Text>
        </Group>
      )}
      <Progress.Root size={compact ? 'sm' : 'lg'} radius="sm">
        {/* Own aria attributes: Mantine's would say only the percentage, not the amounts. */}
        <Progress.Section
          value={percent}
          color={color}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent} % used: ${text}`}
        />
      </Progress.Root>
      {compact && (
        <Text size="xs" c="dimmed" truncate="end">
          {text}
        </Text>
      )}
    </Stack>
  )
}
