import { Button } from './mantine/Button'
import { Text } from './mantine/Text'
import { formatClock } from '../lib/format'
import classes from './ListResults.module.css'

/**
 * When a list's rows were last read from the platform, and how to read them again. The list polls only while something
 * on it is changing, so what another admin or a script did since shows after a refresh.
 */
export interface Freshness {
  /** When the list's last answer came (ms since the epoch); 0 before the first. */
  updatedAt: number
  onRefresh: () => void
}

/**
 * "Updated 08:05:09 UTC": outside the count's live region, which would otherwise announce every poll. Not on a phone,
 * where it would push the buttons onto a line of their own and the rows 40 px down; Refresh stays.
 */
export function UpdatedAt({ updatedAt }: Pick<Freshness, 'updatedAt'>) {
  if (!updatedAt) return null
  return (
    <p className={`${Text.classes.root} ${classes.count} ${classes.updated}`}>
      Updated <time dateTime={new Date(updatedAt).toISOString()}>{formatClock(updatedAt)}</time>
    </p>
  )
}

/** Reads the list again; its name says which list, for a screen reader that lists the page's buttons. */
export function RefreshButton({ onRefresh, noun }: Pick<Freshness, 'onRefresh'> & { noun: string }) {
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      fw={500}
      aria-label={`Refresh ${noun}`}
      onClick={onRefresh}
      leftSection={
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
        </svg>
      }
    >
      Refresh
    </Button>
  )
}
