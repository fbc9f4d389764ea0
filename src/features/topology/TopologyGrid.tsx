import { useRef, type KeyboardEvent } from 'react'
import type { TopologyHost, TopologyProjection } from '../../api/reservations'
import { HOST_STATE_WORDS, hostState, type HostState } from '../../lib/topology'
import classes from './topology.module.css'

/** One host as the picture names it: where it is, its state, and its reservation, placement and server. */
export interface HostSpot {
  host: TopologyHost
  state: HostState
  where: string
  reservation?: string
  placement?: string
  server?: string
  powerState?: string
}

function describeHost(spot: HostSpot): string {
  const parts = [`${spot.where}: ${HOST_STATE_WORDS[spot.state]}`]
  if (spot.reservation) parts.push(`reservation ${spot.reservation}`)
  if (spot.placement) parts.push(`placement ${spot.placement}`)
  if (spot.server) parts.push(`server ${spot.server}${spot.powerState ? ` (${spot.powerState})` : ''}`)
  return parts.join(', ')
}

/** The projection's hosts as rows of NVLink domains, each host with what the overlays say of it. */
export function spotsOf(projection: TopologyProjection) {
  const { reservations, placements } = projection.overlays
  return projection.topology.flatMap((pod) =>
    pod.domains.map((domain, d) => {
      const label = `${pod.name ?? 'pod'} / ${domain.name ?? `domain ${d + 1}`}`
      return {
        id: domain.id,
        label,
        hosts: domain.hosts.map((host, h): HostSpot => ({
          host,
          state: hostState(host),
          where: `${label}, host ${h + 1}`,
          reservation: host.reservationRef && reservations[host.reservationRef]?.metadata.name,
          placement: host.placementRef && placements[host.placementRef]?.metadata.name,
          server: host.server?.metadata.name,
          powerState: host.server?.status.powerState,
        })),
      }
    }),
  )
}

interface TopologyGridProps {
  label: string
  rows: ReturnType<typeof spotsOf>
  /** The host named in the details panel: hovered or focused last. */
  active: string | undefined
  onActive: (spot: HostSpot) => void
}

/**
 * A projection's hosts as an ARIA grid: a row per NVLink domain, a cell per host, one tab stop. The arrow keys move
 * between hosts (left and right in a domain, up and down between domains), Home and End to a domain's ends; the focused
 * or hovered host is named in the page's details panel, and each cell's label says the same to a screen reader.
 */
export function TopologyGrid({ label, rows, active, onActive }: TopologyGridProps) {
  const ref = useRef<HTMLDivElement>(null)
  const first = rows[0]?.hosts[0]?.host.infrastructureRef
  const focusable = rows.some((r) => r.hosts.some((h) => h.host.infrastructureRef === active)) ? active : first
  const move = (event: KeyboardEvent, r: number, h: number) => {
    const target = (() => {
      switch (event.key) {
        case 'ArrowRight':
          return [r, h + 1]
        case 'ArrowLeft':
          return [r, h - 1]
        case 'ArrowDown':
          return [r + 1, h]
        case 'ArrowUp':
          return [r - 1, h]
        case 'Home':
          return [r, 0]
        case 'End':
          return [r, (rows[r]?.hosts.length ?? 1) - 1]
        default:
          return undefined
      }
    })()
    if (!target) return
    event.preventDefault()
    const [nr, nh] = target as [number, number]
    const row = rows[nr]
    if (!row) return
    const spot = row.hosts[Math.max(0, Math.min(nh, row.hosts.length - 1))]
    if (!spot) return
    ref.current?.querySelector<HTMLElement>(`[data-host="${spot.host.infrastructureRef}"]`)?.focus()
  }
  return (
    <div ref={ref} role="grid" aria-label={label} className={classes.grid}>
      {rows.map((row, r) => (
        <div role="row" key={row.id} className={classes.row}>
          <div role="rowheader" className={classes.domain}>
            {row.label}
          </div>
          <div className={classes.hosts} role="presentation">
            {row.hosts.map((spot, h) => {
              const ref = spot.host.infrastructureRef
              return (
                <div
                  role="gridcell"
                  key={ref}
                  data-host={ref}
                  tabIndex={ref === focusable ? 0 : -1}
                  aria-label={describeHost(spot)}
                  aria-selected={ref === active}
                  data-active={ref === active || undefined}
                  className={`${classes.host} ${classes[spot.state]}`}
                  onFocus={() => onActive(spot)}
                  onMouseEnter={() => onActive(spot)}
                  onKeyDown={(event) => move(event, r, h)}
                />
              )
            })}
          </div>
        </div>
      ))}
    </div>
  )
}

/** The states in words beside their swatches. */
export function TopologyLegend({ counts }: { counts: Record<HostState, number> }) {
  const states: HostState[] = ['placed', 'reserved', 'held', 'free']
  return (
    <ul className={classes.legend} aria-label="Legend">
      {states.map((state) => (
        <li key={state} className={classes.legendItem}>
          <span className={`${classes.host} ${classes[state]}`} aria-hidden />
          {HOST_STATE_WORDS[state]} ({counts[state]})
        </li>
      ))}
    </ul>
  )
}
