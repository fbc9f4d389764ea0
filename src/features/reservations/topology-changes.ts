import type { ReservationOverlay } from '../../api/reservations'

/**
 * What changed in a reservation's topology between the overlay a release was sent with and the one read after the
 * platform refused it as stale (412), in sentences: units gone or added, units that began or stopped running servers,
 * or, when its units look the same, that its placements changed.
 */
export function topologyChanges(
  sent: ReservationOverlay,
  fresh: ReservationOverlay | undefined,
  unitName: (unitId: string) => string,
): string[] {
  if (!fresh) return ['The reservation is no longer in the topology: it may have been deleted.']
  const before = sent.units ?? {}
  const after = fresh.units ?? {}
  const changes: string[] = []
  for (const id of Object.keys(before)) if (!after[id]) changes.push(`${unitName(id)} was released.`)
  for (const id of Object.keys(after)) if (!before[id]) changes.push(`${unitName(id)} was added.`)
  for (const [id, unit] of Object.entries(after)) {
    const was = before[id]
    if (!was || was.occupied === unit.occupied) continue
    changes.push(
      unit.occupied ? `${unitName(id)} now runs placement servers.` : `${unitName(id)} no longer runs servers.`,
    )
  }
  if (changes.length === 0) changes.push('Its placements changed (servers were placed or removed on its units).')
  return changes
}
