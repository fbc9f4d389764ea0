import { Badge, Group, Loader } from '@mantine/core'

const COLORS: Record<string, string> = {
  provisioned: 'green',
  healthy: 'green',
  running: 'green',
  active: 'green',
  provisioning: 'blue',
  pending: 'blue',
  deprovisioning: 'orange',
  stopping: 'orange',
  degraded: 'orange',
  suspended: 'orange',
  stopped: 'gray',
  unknown: 'gray',
  error: 'red',
}

const SETTLING = new Set(['provisioning', 'pending', 'deprovisioning', 'stopping'])

/**
 * One status value as a badge; values in motion carry a spinner so the eye sees something is happening. `settling`
 * overrides that guess for values that only look like motion (a user's "pending" waits for a person, not the platform).
 */
export function StatusBadge({
  value,
  label,
  settling,
}: {
  value: string | undefined
  label?: string
  settling?: boolean
}) {
  const key = (value ?? 'unknown').toLowerCase()
  const text = value ?? 'unknown'
  const badge = (
    <Badge
      color={COLORS[key] ?? 'gray'}
      leftSection={(settling ?? SETTLING.has(key)) ? <Loader size={10} color="currentColor" aria-hidden /> : undefined}
    >
      {text}
    </Badge>
  )
  // A native title, not a floating tooltip: lists show a badge or two per row.
  return label ? <span title={`${label}: ${text}`}>{badge}</span> : badge
}

/** Provisioning and health side by side, as every resource reports both. */
export function ResourceStatus({ provisioning, health }: { provisioning?: string; health?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge value={provisioning} label="Provisioning" />
      {provisioning === 'provisioned' && health && health !== 'healthy' && (
        <StatusBadge value={health} label="Health" />
      )}
    </Group>
  )
}
