import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { m } from '../../../api/endpoint'
import { readQuery } from '../../../api/read'
import { placementApi } from '../../../api/reservations'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { List } from '../../../components/mantine/List'
import { Paper } from '../../../components/mantine/Paper'
import { Title } from '../../../components/mantine/Title'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { constraintsInWords } from '../placement-form'
import { PlacementServers } from '../PlacementServers'
import { placementReads } from '../placement-reads'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(placementReads.item(params.placementId!))),
)

export const handle = nameCrumb(placementApi.detail, 'placementId', (placementID) => ({ placementID }))

export function Component() {
  const id = useParams().placementId!
  const { item: p, projectName, regionName } = useRegionalItem(placementReads.item(id))
  const related = placementReads.related(p)
  const reservation = useQuery(readQuery(related.reservation))
  const network = useQuery(readQuery(related.network))
  // A node pool on a reservation manages a placement for its workers (its status.reservation.placementId): the pool
  // resizes and deletes it, and the platform refuses to delete it while the pool has it.
  const managers = (useQuery(readQuery(related.nodePools)).data ?? []).filter(
    (pool) => pool.status.reservation?.placementId === id,
  )
  const item = { id, projectId: p.metadata.projectId }
  const { constraints } = p.spec
  return (
    <DetailPage
      {...statusHeading(p.metadata)}
      governs={resources.placements}
      actions={
        <DeleteResourceButton
          resource={resources.placements}
          name={p.metadata.name}
          mutation={m(placementApi.delete)}
          variables={{ placementID: id }}
          item={item}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={p.metadata.id} label="placement id" /> },
        // A pool has no page of its own: it is seen on its cluster's.
        ...managers.map((pool) => ({
          label: 'Managed by',
          value: <Link to={paths.clusters.item(pool.spec.clusterId)}>{`Node pool ${pool.metadata.name}`}</Link>,
        })),
        {
          label: 'Reservation',
          value: (
            <Link to={paths.reservations.item(p.status.reservationId)}>
              {reservation.data?.metadata.name ?? p.status.reservationId}
            </Link>
          ),
        },
        {
          label: 'Network',
          value: (
            <Link to={paths.networks.item(p.status.networkId)}>
              {network.data?.metadata.name ?? p.status.networkId}
            </Link>
          ),
        },
        {
          label: 'Servers ready',
          value: `${formatNumber(p.status.readyHostCount ?? 0)} of ${formatNumber(p.spec.count)}`,
        },
        { label: 'Readiness policy', value: p.spec.readinessPolicy?.mode ?? 'Prefer' },
        { label: 'Region', value: regionName ?? p.status.regionId },
        { label: 'Project', value: projectName ?? p.metadata.projectId },
        ...stateItems(p.metadata),
        { label: 'Created', value: <RelativeTime value={p.metadata.creationTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={p.metadata.tags} /> },
      ]}
    >
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="constraints-title">
        <Title order={2} size="h4" id="constraints-title" mb="xs">
          Constraints
        </Title>
        <List size="sm">
          {constraintsInWords({
            count: p.spec.count,
            policy: constraints.policy,
            maxSkew: constraints.maxSkew,
            minDomains: constraints.minDomains,
            whenUnsatisfiable: constraints.whenUnsatisfiable ?? 'fail',
          }).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Paper>
      <PlacementServers placementID={id} read={related.servers} />
    </DetailPage>
  )
}
