import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { m } from '../../../api/endpoint'
import { loadBalancerApi, type LoadBalancer, type LoadBalancerListener } from '../../../api/loadBalancers'
import { readQuery } from '../../../api/read'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailList } from '../../../components/DetailList'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { loadBalancerReads } from '../load-balancer-reads'
import { bindingText } from '../listeners-text'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(loadBalancerReads.item(params.loadBalancerId!))),
)

export const handle = nameCrumb(loadBalancerApi.detail, 'loadBalancerId', (loadBalancerID) => ({ loadBalancerID }))

/** The public address as the platform reports it, or why there is none. */
function publicText(balancer: LoadBalancer): string {
  if (balancer.status.publicIP) return balancer.status.publicIP
  return balancer.spec.publicIP ? 'Asked for; not reported yet' : 'None: reachable inside the network only'
}

export function Component() {
  const id = useParams().loadBalancerId!
  const { item: balancer, projectName, regionName } = useRegionalItem(loadBalancerReads.item(id))
  const network = useQuery(readQuery(loadBalancerReads.related(balancer).network))
  const beingDeleted = balancer.metadata.provisioningStatus === 'deprovisioning'
  const { networkId, vipAddress, publicIP } = balancer.status
  return (
    <DetailPage
      {...statusHeading(balancer.metadata)}
      governs={resources.loadBalancers}
      edit={{
        to: paths.loadBalancers.edit(id),
        disabledReason: beingDeleted ? 'The load balancer is being deleted.' : undefined,
      }}
      actions={
        <DeleteResourceButton
          resource={resources.loadBalancers}
          name={balancer.metadata.name}
          mutation={m(loadBalancerApi.delete)}
          variables={{ loadBalancerID: id }}
          disabledReason={beingDeleted ? 'The load balancer is already being deleted.' : undefined}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={balancer.metadata.id} label="load balancer id" /> },
        {
          label: 'Network',
          value: (
            <Anchor component={Link} to={paths.networks.item(networkId)} size="sm">
              {network.data ? `${network.data.metadata.name} (${network.data.status.prefix})` : networkId}
            </Anchor>
          ),
        },
        { label: 'Virtual IP', value: vipAddress ? <Code>{vipAddress}</Code> : 'Not reported yet' },
        { label: 'Public IP', value: publicIP ? <Code>{publicIP}</Code> : publicText(balancer) },
        { label: 'Region', value: regionName ?? balancer.status.regionId },
        { label: 'Project', value: projectName ?? balancer.metadata.projectId },
        ...stateItems(balancer.metadata),
        { label: 'Created', value: <RelativeTime value={balancer.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: balancer.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={balancer.metadata.tags} /> },
      ]}
    >
      <Stack gap="sm" component="section" aria-labelledby="listeners-title">
        <div>
          <Title id="listeners-title" order={2} size="h4">
            Listeners
          </Title>
          <Text size="sm" c="dimmed">
            What this load balancer is asked to do; where each answers is what the platform reports.
          </Text>
        </div>
        {balancer.spec.listeners.map((listener) => (
          <ListenerCard key={listener.name} listener={listener} balancer={balancer} />
        ))}
      </Stack>
    </DetailPage>
  )
}

function healthText(check: NonNullable<LoadBalancerListener['pool']['healthCheck']>): string {
  const parts = [
    check.intervalSeconds !== undefined && `every ${formatNumber(check.intervalSeconds)} s`,
    check.timeoutSeconds !== undefined && `timeout ${formatNumber(check.timeoutSeconds)} s`,
    check.healthyThreshold !== undefined && `healthy after ${formatNumber(check.healthyThreshold)}`,
    check.unhealthyThreshold !== undefined && `unhealthy after ${formatNumber(check.unhealthyThreshold)}`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : "On, with the platform's defaults"
}

function ListenerCard({ listener, balancer }: { listener: LoadBalancerListener; balancer: LoadBalancer }) {
  const { vipAddress, publicIP } = balancer.status
  const sources = listener.allowedCidrs ?? []
  const members = listener.pool.members
  const at = [vipAddress, publicIP].filter(Boolean).map((address) => `${address}:${listener.port}`)
  return (
    <Paper withBorder p="lg" radius="md" component="article" aria-label={`Listener ${listener.name}`}>
      <Group gap="xs" mb="sm">
        <Title order={3} size="h5">
          {listener.name}
        </Title>
        <Badge variant="light" color="gray">
          {bindingText(listener)}
        </Badge>
      </Group>
      <DetailList
        items={[
          {
            label: 'Answers at',
            value: at.length ? (
              <Stack gap={2}>
                {at.map((address) => (
                  <Code key={address} w="fit-content">
                    {address}
                  </Code>
                ))}
              </Stack>
            ) : (
              'Not reported yet'
            ),
          },
          {
            label: 'Allowed sources',
            value: sources.length ? (
              <Group gap={4}>
                {sources.map((cidr) => (
                  <Code key={cidr}>{cidr}</Code>
                ))}
              </Group>
            ) : (
              'Every address'
            ),
          },
          {
            label: 'Idle timeout',
            value:
              listener.idleTimeoutSeconds !== undefined
                ? `${formatNumber(listener.idleTimeoutSeconds)} s`
                : listener.protocol === 'udp'
                  ? 'None (UDP)'
                  : 'Not reported',
          },
          {
            label: `Members (${formatNumber(members.length)})`,
            value: members.length ? (
              <Stack gap={2}>
                {members.map((member) => (
                  <Code key={`${member.address}:${member.port}`} w="fit-content">
                    {member.address}:{member.port}
                  </Code>
                ))}
              </Stack>
            ) : (
              'None: connections have nowhere to go'
            ),
          },
          {
            label: 'Health check',
            value: listener.pool.healthCheck ? healthText(listener.pool.healthCheck) : 'None',
          },
          { label: 'Proxy Protocol v2', value: listener.pool.proxyProtocolV2 ? 'On' : 'Off' },
        ]}
      />
    </Paper>
  )
}
