import { useQuery } from '@tanstack/react-query'
import { nodePoolApi } from '../../api/clusters'
import { readOf, readQuery } from '../../api/read'
import type { Placement, Reservation } from '../../api/reservations'
import { List } from '../../components/mantine/List'
import { Text } from '../../components/mantine/Text'
import { formatNumber } from '../../lib/format'

const servers = (count: number) => `${formatNumber(count)} server${count === 1 ? '' : 's'}`

/**
 * What deleting a reservation takes with it, said in its delete dialog: the platform deletes "all placements
 * allocated from it" (reservation v0.0.14), their servers with them, a node pool's workers among them. Nothing is
 * refused for it, so this is the only warning. The node pools are read as the dialog opens, not with the page.
 */
export function DeletedWithIt({ reservation, placements }: { reservation: Reservation; placements: Placement[] }) {
  const pools = useQuery({
    ...readQuery(
      readOf(nodePoolApi.list, {
        organizationID: [reservation.metadata.organizationId],
        projectID: [reservation.metadata.projectId],
        regionID: [reservation.spec.regionId],
      }),
    ),
    enabled: placements.length > 0,
  })
  if (placements.length === 0) return null
  const poolOf = new Map(
    (pools.data ?? []).flatMap((pool) => {
      const placementId = pool.status.reservation?.placementId
      return placementId ? [[placementId, pool.metadata.name] as const] : []
    }),
  )
  const total = placements.reduce((sum, placement) => sum + placement.spec.count, 0)
  return (
    <>
      <Text size="sm">
        It deletes the {placements.length === 1 ? 'placement' : `${formatNumber(placements.length)} placements`} on it
        with it, and their {servers(total)}:
      </Text>
      <List size="sm" aria-label="Deleted with it">
        {placements.map((placement) => {
          const pool = poolOf.get(placement.metadata.id)
          return (
            <List.Item key={placement.metadata.id}>
              {placement.metadata.name}: {servers(placement.spec.count)}
              {pool ? `, the workers of node pool ${pool}` : ''}
            </List.Item>
          )
        })}
      </List>
    </>
  )
}
