import { Text } from '../../../components/mantine/Text'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { isApiError, isNotOffered } from '../../../api/errors'
import type { Service } from '../../../api/request'
import { SERVICE_NAMES } from '../../../api/services'
import { formatNumber } from '../../../lib/format'
import { useSlowServices } from '../../../lib/use-slow-services'
import { Placeholder } from './Placeholder'
import classes from './ResourceCounts.module.css'

interface CountTileProps<T, K extends QueryKey> {
  label: string
  to: string
  /** The list to count: the overview's own query, so the tile and the panels share one cache entry. */
  list: UseQueryOptions<T[], Error, T[], K>
  enabled: boolean
  /** The caller's roles do not include this list (from the ACL): it is not asked for, and the tile says why. */
  refused?: boolean
  /** The service the list comes from: a tile still waiting on it after a while names it. */
  service: Service
  /** A line under the number ("9 running · 2 stopped · 1 error"). */
  detail?: (items: readonly T[]) => string
}

const REFUSED = 'Your roles do not include these'
// Mantine's Text class: its margins, font and wrapping; the module's classes set its size and colour.
const text = Text.classes.root

/** Why a tile has no count: a list the caller's roles do not include is no failure to load, nor one to retry. */
function errorNote(error: Error): string {
  if (isNotOffered(error)) return 'Not offered'
  return isApiError(error) && error.status === 403 ? REFUSED : 'Could not load'
}

/** The tiles: how many of each resource the organization has. */
export function ResourceCounts({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>
}

/**
 * One tile: the count, linking to the list that shows them. It reads only the count (and its detail line), so a
 * list's answer or poll renders its tile again only when the figures change, not the whole page.
 */
export function CountTile<T, K extends QueryKey>({
  label,
  to,
  list,
  enabled,
  refused = false,
  service,
  detail,
}: CountTileProps<T, K>) {
  const query = useQuery({
    ...list,
    enabled: enabled && !refused,
    select: (items: T[]) => ({ count: items.length, detail: detail?.(items) }),
  })
  const shown = refused ? undefined : query.data
  const count = shown ? formatNumber(shown.count) : refused || query.error ? '—' : undefined
  const slow = useSlowServices().includes(service)
  const waiting = count === undefined && slow ? `Waiting on the ${SERVICE_NAMES[service]}` : undefined
  const note = refused ? REFUSED : query.error ? errorNote(query.error) : (query.data?.detail ?? waiting)
  return (
    <Link to={to} className={`mantine-focus-auto ${classes.tile}`}>
      <p className={`${text} ${classes.label}`}>{label}</p>
      {count === undefined ? (
        <Placeholder style={{ height: 32, width: 48, margin: '2px 0' }} aria-label={`${label}: loading`} />
      ) : (
        <p className={`${text} ${classes.count}`}>{count}</p>
      )}
      {/* Never clamped: every state the line counts must read, however many wrap in a narrow tile at 1440 px. */}
      <p className={`${text} ${classes.note}`}>{note ?? '\u00a0'}</p>
    </Link>
  )
}
