import { useParams } from 'react-router'
import { clusterApi, type Cluster } from '../../../api/clusters'
import { m } from '../../../api/endpoint'
import { readQuery } from '../../../api/read'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { Alert } from '../../../components/mantine/Alert'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { SimpleGrid } from '../../../components/mantine/SimpleGrid'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TagList } from '../../../components/TagList'
import { CLUSTER_NETWORK_DEFAULTS } from '../../../lib/cluster-network'
import { formatNumber, nameWithId } from '../../../lib/format'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { useNames } from '../../../lib/use-names'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { clusterReads } from '../cluster-reads'
import { detailText, workersText } from '../cluster-words'
import { ApiAccessPanel } from '../components/ApiAccessPanel'
import { NodePoolsPanel } from '../components/NodePoolsPanel'
import { UpgradeCluster } from '../components/UpgradeCluster'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(clusterReads.item(params.clusterId!))),
)

export const handle = nameCrumb(clusterApi.detail, 'clusterId', (clusterID) => ({ clusterID }))

export function Component() {
  const clusterId = useParams().clusterId!
  const { item: cluster, projectName, regionName } = useRegionalItem(clusterReads.item(clusterId))
  const networkName = useNames(clusterReads.related(cluster).networkNames)
  const beingDeleted = cluster.metadata.provisioningStatus === 'deprovisioning'
  const { spec, status, metadata } = cluster
  const version = status.kubernetesVersion

  return (
    <DetailPage
      {...statusHeading(metadata)}
      governs={resources.clusters}
      actions={
        <DeleteResourceButton
          resource={resources.clusters}
          name={metadata.name}
          mutation={m(clusterApi.delete)}
          variables={{ clusterID: clusterId }}
          disabledReason={beingDeleted ? 'The cluster is already being deleted.' : undefined}
          consequences={<Text size="sm">Its node pools and their workers are deleted with it.</Text>}
        />
      }
      notices={<ReleaseNotice cluster={cluster} />}
      details={[
        { label: 'ID', value: <CopyableId value={metadata.id} label="cluster id" /> },
        { label: 'Release', value: <Code>{spec.platformReleaseId}</Code> },
        {
          label: 'Kubernetes',
          value:
            version?.observed && version.target && version.observed !== version.target
              ? `${version.observed}, upgrading to ${version.target}`
              : (version?.observed ?? version?.target ?? '—'),
        },
        { label: 'Network', value: nameWithId(networkName.get(spec.networkId), spec.networkId) },
        {
          label: 'Pod range',
          value: <Code>{spec.clusterNetwork?.podCidr ?? CLUSTER_NETWORK_DEFAULTS.podCidr}</Code>,
        },
        {
          label: 'Service range',
          value: <Code>{spec.clusterNetwork?.serviceCidr ?? CLUSTER_NETWORK_DEFAULTS.serviceCidr}</Code>,
        },
        { label: 'Region', value: regionName ?? status.regionId },
        { label: 'Project', value: projectName ?? metadata.projectId },
        ...stateItems(metadata),
        { label: 'Created', value: <RelativeTime value={metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={metadata.tags} /> },
      ]}
    >
      <StatusDetails cluster={cluster} />
      {/* Grid tracks that may shrink below their content: the kubeconfig's command line scrolls in its box. */}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ControlPlanePanel cluster={cluster} />
        <ApiAccessPanel cluster={cluster} />
      </SimpleGrid>
      <NodePoolsPanel cluster={cluster} regionName={regionName ?? status.regionId} />
    </DetailPage>
  )
}

/**
 * What the platform says of where the cluster is and how it is: each state in its badge, as the heading shows it, and
 * the platform's detail beside it.
 */
function StatusDetails({ cluster }: { cluster: Cluster }) {
  const { metadata } = cluster
  const lines = [
    { label: 'Provisioning', value: metadata.provisioningStatus, detail: metadata.provisioningStatusDetail },
    { label: 'Health', value: metadata.healthStatus, detail: metadata.healthStatusDetail },
  ].filter((line) => line.detail)
  if (!lines.length) return null
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="xs">
        Status
      </Title>
      <Stack gap={6}>
        {lines.map(({ label, value, detail }) => (
          <Group key={label} gap="xs" wrap="wrap">
            <StatusBadge value={value} label={label} />
            <Text size="sm">{detailText(value, detail!)}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  )
}

/** The control plane's replicas, the workers across the pools, and the add-ons the release installs. */
function ControlPlanePanel({ cluster }: { cluster: Cluster }) {
  const { controlPlane, addons } = cluster.status
  const profiles = addons ? [addons.core, ...(addons.hardware ? [addons.hardware] : [])] : []
  return (
    <Paper withBorder p="lg" radius="md" miw={0}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Control plane
        </Title>
        <Text size="sm">
          {controlPlane?.desiredReplicas === undefined
            ? 'Starting: no replica reported yet.'
            : `${formatNumber(controlPlane.readyReplicas ?? 0)} of ${formatNumber(controlPlane.desiredReplicas)} replicas ready`}
        </Text>
        <Text size="sm">Workers: {workersText(cluster)}</Text>
        {profiles.length > 0 && (
          <Table aria-label="Add-ons" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Add-on</Table.Th>
                {/* On a phone the version goes under the name: three columns leave the state's badge no room. */}
                <Table.Th visibleFrom="sm">Version</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profiles.flatMap((profile) =>
                (profile.components ?? []).map((component) => (
                  <Table.Tr key={component.name}>
                    <Table.Td>
                      {component.name}
                      <Text size="xs" ff="monospace" c="dimmed" hiddenFrom="sm">
                        {component.version}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace" visibleFrom="sm">
                      {component.version}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge value={component.status} />
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  )
}

/** A release the operators deprecated or withdrew, or a newer one to move to. */
function ReleaseNotice({ cluster }: { cluster: Cluster }) {
  const release = cluster.status.release
  if (!release) return null
  const targets = release.eligibleTargets ?? []
  const upgrade = targets.length > 0 && <UpgradeCluster cluster={cluster} targets={targets} />
  if (release.withdrawn)
    return (
      <Alert color="red" title={`Release ${release.appliedId} was withdrawn`}>
        <Stack gap="xs" align="flex-start">
          {release.withdrawalMessage ?? 'The platform’s operators withdrew it.'}
          {upgrade}
        </Stack>
      </Alert>
    )
  if (release.deprecated)
    return (
      <Alert color="yellow" title={`Release ${release.appliedId} is deprecated`}>
        <Stack gap="xs" align="flex-start">
          Upgrade to {targets.join(' or ') || 'a newer release'}.{upgrade}
        </Stack>
      </Alert>
    )
  if (release.upgradeAvailable && targets.length)
    return (
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          A newer release is available: {targets.join(', ')}.
        </Text>
        {upgrade}
      </Group>
    )
  return null
}
