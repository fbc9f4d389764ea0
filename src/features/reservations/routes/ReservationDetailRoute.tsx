import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { m } from '../../../api/endpoint'
import { readQuery } from '../../../api/read'
import { reservationApi } from '../../../api/reservations'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { RelatedList, relatedItem } from '../../../components/detail/RelatedList'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { Code } from '../../../components/mantine/Code'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TagList } from '../../../components/TagList'
import { Text } from '../../../components/mantine/Text'
import { formatNumber } from '../../../lib/format'
import { useAccess } from '../../../lib/permissions'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { projectionOf } from '../../../lib/topology'
import { useScopeNames } from '../../../lib/use-scope-names'
import { DeletedWithIt } from '../DeletedWithIt'
import { ReleaseUnits } from '../ReleaseUnits'
import { reservationReads } from '../reservation-reads'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(reservationReads.item(params.reservationId!))),
)

export const handle = nameCrumb(reservationApi.detail, 'reservationId', (reservationID) => ({ reservationID }))

export function Component() {
  const id = useParams().reservationId!
  const item = useQuery(readQuery(reservationReads.item(id)))
  const r = item.data
  const access = useAccess()
  const related = reservationReads.related(r!)
  const topology = useQuery(readQuery(related.topology))
  const placements = useQuery(readQuery(related.placements))
  const names = useScopeNames(r!.metadata.organizationId)
  const reservation = r!
  const projection = topology.data && projectionOf(topology.data, id)
  const overlay = projection?.overlays.reservations[id]
  const own = placements.data?.filter((p) => p.status.reservationId === id)
  // The change that moved the topology on (a release elsewhere) may have changed the reservation too: its units held.
  const reload = async () => {
    const [fresh] = await Promise.all([topology.refetch(), item.refetch()])
    return fresh.data && projectionOf(fresh.data, id)?.overlays.reservations[id]
  }
  return (
    <DetailPage
      {...statusHeading(reservation.metadata)}
      governs={resources.reservations}
      actions={
        <DeleteResourceButton
          resource={resources.reservations}
          name={reservation.metadata.name}
          mutation={m(reservationApi.delete)}
          variables={{ reservationID: id }}
          consequences={<DeletedWithIt reservation={reservation} placements={own ?? []} />}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={reservation.metadata.id} label="reservation id" /> },
        { label: 'Unit', value: `${reservation.spec.accelerator} ${reservation.spec.unit}` },
        {
          label: 'Units held',
          value: `${formatNumber(reservation.status.claimedUnitCount)} of ${formatNumber(reservation.spec.count)} reserved`,
        },
        { label: 'Machine flavor', value: <Code>{reservation.status.machineFlavorId}</Code> },
        { label: 'Region', value: names.regionName.get(reservation.spec.regionId) ?? reservation.spec.regionId },
        {
          label: 'Project',
          value: names.projectName.get(reservation.metadata.projectId) ?? reservation.metadata.projectId,
        },
        ...stateItems(reservation.metadata),
        {
          label: 'Topology',
          value: reservation.status.topologyObservedAt ? (
            <Text size="sm" span>
              changed <RelativeTime value={reservation.status.topologyObservedAt} size="sm" span />
            </Text>
          ) : (
            '—'
          ),
        },
        { label: 'Created', value: <RelativeTime value={reservation.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: reservation.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={reservation.metadata.tags} /> },
      ]}
    >
      {overlay && projection ? (
        <ReleaseUnits
          reservationID={id}
          overlay={overlay}
          projection={projection}
          reload={reload}
          refusal={access.reason(resources.reservations, 'update')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {topology.isPending ? 'Reading the topology…' : 'The topology shows none of this reservation’s units.'}
        </Text>
      )}
      <RelatedList
        title="Placed on it"
        groups={[
          {
            title: 'Placements',
            listTo: paths.placements.list({ project: reservation.metadata.projectId }),
            none: 'No placement puts servers on this reservation yet.',
            items: own?.map((p) =>
              relatedItem(p, paths.placements.item, <StatusBadge value={p.metadata.provisioningStatus} />),
            ),
          },
        ]}
      />
    </DetailPage>
  )
}
