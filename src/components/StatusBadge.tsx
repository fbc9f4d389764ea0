import { capitalized } from '../lib/words'
import { PlainBadge, type BadgeColor } from './PlainBadge'
import classes from './StatusBadge.module.css'

// Green where it works, the accent's neighbour blue while it gets there, orange on the way out or in trouble, red when
// it failed, grey when it is off or unknown. Light badges take the theme's contrast-safe text (src/app/theme.ts).
const COLORS: Record<string, BadgeColor> = {
  provisioned: 'green',
  healthy: 'green',
  running: 'green',
  active: 'green',
  // An image's states.
  ready: 'green',
  creating: 'iris',
  failed: 'red',
  provisioning: 'iris',
  pending: 'iris',
  // An instance's way to Running, and its reimaging.
  queued: 'iris',
  building: 'iris',
  rebuilding: 'iris',
  deprovisioning: 'amber',
  deleting: 'amber',
  stopping: 'amber',
  degraded: 'amber',
  suspended: 'amber',
  stopped: 'gray',
  unknown: 'gray',
  error: 'red',
}

const SETTLING = new Set([
  'provisioning',
  'pending',
  'queued',
  'building',
  'rebuilding',
  'deprovisioning',
  'deleting',
  'stopping',
  'creating',
])

/** One casing for every status, whatever the platform sends ("Running" for power, "error" for provisioning). */
function statusText(value: string | undefined): string {
  return capitalized((value ?? 'unknown').toLowerCase())
}

/**
 * One status value as a badge with a dot in its colour; the dot of a value in motion pulses (where the reader's
 * settings allow motion), so the eye sees something is happening. `settling` overrides that guess for values that only
 * look like motion (a user's "pending" waits for a person, not the platform).
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
  const text = statusText(value)
  const color = COLORS[key] ?? 'gray'
  const badge = (
    <PlainBadge
      variant="light"
      color={color}
      leftSection={
        <span className={classes.dot} data-settling={(settling ?? SETTLING.has(key)) || undefined} aria-hidden />
      }
    >
      {text}
    </PlainBadge>
  )
  // A native title, not a floating tooltip: lists show a badge or two per row.
  return label ? <span title={`${label}: ${text}`}>{badge}</span> : badge
}

/**
 * Where a resource stands, in one badge: its provisioning state, or once provisioned and unhealthy, its health (the
 * fact that matters then; the title says both). One badge keeps the status column narrow enough to read whole.
 */
export function ResourceStatus({ provisioning, health }: { provisioning?: string; health?: string }) {
  if (provisioning === 'provisioned' && health && health !== 'healthy')
    return <StatusBadge value={health} label="Provisioned; health" />
  return <StatusBadge value={provisioning} label="Provisioning" />
}
