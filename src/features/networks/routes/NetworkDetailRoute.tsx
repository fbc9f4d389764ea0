import { Code } from '../../../components/mantine/Code'
import { readQuery } from '../../../api/read'
import { networkReads } from '../network-reads'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useParams } from 'react-router'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { RelatedList, relatedItem } from '../../../components/detail/RelatedList'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { resourceRoute } from '../../../lib/route-module'
import { nameCrumb } from '../../../components/NameCrumb'
import { m } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { useNames } from '../../../lib/use-names'
import { useQuery } from '@tanstack/react-query'
import { InstanceState } from '../../../components/InstanceState'
import { resources } from '../../../lib/resources'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { useAccess } from '../../../lib/permissions'
import { PermittedAction } from '../../../components/PermittedAction'
import { reservationsText } from '../reservations'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(networkReads.item(params.networkId!))),
)

export const handle = nameCrumb(networkApi.detail, 'networkId', (networkID) => ({ networkID }))

export function Component() {
  const networkId = useParams().networkId!
  const { item: network, projectName, regionName } = useRegionalItem(networkReads.item(networkId))
  const routes = network.spec.routes
  // The platform refuses an update while the network is deleted (400 "network is being deleted"): said before asking.
  const beingDeleted = network.metadata.provisioningStatus === 'deprovisioning'
  const organizationID = network.metadata.organizationId
  const organizationName = useNames('organizations', organizationID).get(organizationID)
  const related = networkReads.related(network)
  const groups = useQuery(readQuery(related.securityGroups))
  const instances = useQuery(readQuery(related.instances))
  const loadBalancers = useQuery(readQuery(related.loadBalancers))
  const access = useAccess()

  return (
    <DetailPage
      {...statusHeading(network.metadata)}
      governs={resources.networks}
      lead={
        <PermittedAction
          to={paths.loadBalancers.new({ network: networkId })}
          variant="default"
          disabledReason={
            access.reason(resources.loadBalancers, 'create') ??
            (beingDeleted ? 'The network is being deleted.' : undefined)
          }
        >
          Create load balancer
        </PermittedAction>
      }
      edit={{
        to: paths.networks.edit(networkId),
        disabledReason: beingDeleted ? 'The network is being deleted.' : undefined,
      }}
      actions={
        <DeleteResourceButton
          resource={resources.networks}
          name={network.metadata.name}
          mutation={m(networkApi.delete)}
          variables={{ networkID: networkId }}
          disabledReason={beingDeleted ? 'The network is already being deleted.' : undefined}
          item={{ id: networkId, projectId: network.metadata.projectId }}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={network.metadata.id} label="network id" /> },
        { label: 'Prefix', value: <Code>{network.status.prefix}</Code> },
        { label: 'Reserved', value: reservationsText(network.status.prefix, network.status.reservations) },
        {
          label: 'Region',
          value: regionName ?? network.status.regionId,
        },
        { label: 'Project', value: projectName ?? network.metadata.projectId },
        { label: 'Organization', value: organizationName ?? organizationID },
        ...stateItems(network.metadata),
        { label: 'Created', value: <RelativeTime value={network.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: network.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={network.metadata.tags} /> },
      ]}
    >
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <Paper withBorder p="lg" radius="md" miw={280}>
          <Title order={2} size="h4" mb="sm">
            DNS servers
          </Title>
          {network.spec.dnsNameservers.length ? (
            <Stack gap={4}>
              {network.spec.dnsNameservers.map((address) => (
                <Code key={address} w="fit-content">
                  {address}
                </Code>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              None set: instances use the platform's resolver.
            </Text>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md" miw={360}>
          <Title order={2} size="h4" mb="sm">
            Routes
          </Title>
          {routes === undefined ? (
            <Text size="sm" c="dimmed">
              This platform does not report routes in its answer.
            </Text>
          ) : routes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No static routes.
            </Text>
          ) : (
            <Table aria-label="Routes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Destination</Table.Th>
                  <Table.Th>Next hop</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {routes.map((route) => (
                  <Table.Tr key={`${route.prefix}-${route.nexthop}`}>
                    <Table.Td ff="monospace">{route.prefix}</Table.Td>
                    <Table.Td ff="monospace">{route.nexthop}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Group>

      <RelatedList
        title="In this network"
        groups={[
          {
            title: 'Security groups',
            listTo: paths.securityGroups.list({ network: networkId }),
            none: 'No security group on this network.',
            items: groups.data?.map((group) => relatedItem(group, paths.securityGroups.item)),
          },
          {
            title: 'Instances',
            listTo: paths.instances.list({ network: networkId }),
            none: 'No instance on this network.',
            items: instances.data?.map((instance) =>
              relatedItem(instance, paths.instances.item, <InstanceState instance={instance} />),
            ),
          },
          {
            title: 'Load balancers',
            listTo: paths.loadBalancers.list({ project: network.metadata.projectId, region: network.status.regionId }),
            none: 'No load balancer on this network.',
            items: loadBalancers.data?.map((balancer) => relatedItem(balancer, paths.loadBalancers.item)),
          },
        ]}
      />
    </DetailPage>
  )
}
