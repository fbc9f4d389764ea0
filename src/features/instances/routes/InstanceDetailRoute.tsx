import { Anchor } from '../../../components/mantine/Anchor'
import { readQuery } from '../../../api/read'
import { instanceReads } from '../instance-reads'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Paper } from '../../../components/mantine/Paper'
import { Tabs } from '../../../components/mantine/Tabs'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'

import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailList } from '../../../components/DetailList'
import { DetailPage } from '../../../components/DetailPage'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { resourceRoute } from '../../../lib/route-module'
import { describeGpu, describeImage } from '../../../lib/catalog-fit'
import { InstanceNetworkLink } from '../components/InstanceNetworkLink'
import { InstanceState } from '../../../components/InstanceState'
import { PowerActions } from '../components/PowerActions'
import { InstanceAccessActions } from '../components/InstanceAccessActions'
import { PhoneInstanceActions } from '../components/PhoneInstanceActions'
import { ConsoleOutput } from '../components/ConsoleOutput'
import { deleteDisabledReason, editDisabledReason } from '../power'
import { m } from '../../../api/endpoint'
import { instanceApi } from '../../../api/instances'
import { formatNumber } from '../../../lib/format'
import { resources } from '../../../lib/resources'
import { useNames } from '../../../lib/use-names'
import { useFromBreakpoint } from '../../../lib/use-breakpoint'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { nameCrumb } from '../../../components/NameCrumb'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(instanceReads.item(params.instanceId!))),
)

export const handle = nameCrumb(instanceApi.detail, 'instanceId', (instanceID) => ({ instanceID }))

export function Component() {
  const instanceId = useParams().instanceId!
  // Live state until it settles: Pending → Running after provisioning, Stopping → Stopped after a stop.
  const { item: instance, projectName, regionName } = useRegionalItem(instanceReads.item(instanceId))
  const regionID = instance.status.regionId
  const related = instanceReads.related(instance)
  const flavors = useQuery(readQuery(related.flavors))
  const images = useQuery(readQuery(related.images))
  const groupName = useNames(related.groupNames)

  const flavor = flavors.data?.find((f) => f.metadata.id === instance.spec.flavorId)
  const image = images.data?.find((i) => i.metadata.id === instance.spec.imageId)
  const groupIds = instance.spec.networking?.securityGroups ?? []
  const wantsPublic = instance.spec.networking?.publicIP ?? false
  const sourceAddresses = instance.spec.networking?.allowedSourceAddresses ?? []
  const userData = instance.spec.userData
  const phone = !useFromBreakpoint('sm')

  return (
    <DetailPage
      title={instance.metadata.name}
      description={instance.metadata.description}
      badge={<InstanceState instance={instance} />}
      lead={
        phone ? (
          <PhoneInstanceActions instance={instance} image={image} />
        ) : (
          <>
            <PowerActions instance={instance} />
            <InstanceAccessActions instance={instance} image={image} />
          </>
        )
      }
      governs={resources.instances}
      edit={{ to: paths.instances.edit(instanceId), disabledReason: editDisabledReason(instance) }}
      actions={
        <DeleteResourceButton
          resource={resources.instances}
          name={instance.metadata.name}
          mutation={m(instanceApi.delete)}
          variables={{ instanceID: instanceId }}
          consequences={
            <Text size="sm">
              Its disk is erased
              {instance.status.publicIP ? ` and its public address ${instance.status.publicIP} is released` : ''}.
            </Text>
          }
          disabledReason={deleteDisabledReason(instance)}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={instance.metadata.id} label="instance id" /> },
        { label: 'Power state', value: <StatusBadge value={instance.status.powerState} /> },
        { label: 'Provisioning', value: <StatusBadge value={instance.metadata.provisioningStatus} /> },
        {
          label: 'Private IP',
          value: instance.status.privateIP ? (
            <CopyableId value={instance.status.privateIP} label="private IP" />
          ) : instance.metadata.provisioningStatus === 'error' ? (
            'None'
          ) : (
            'Assigned once provisioned'
          ),
        },
        {
          label: 'Public IP',
          value: instance.status.publicIP ? (
            <CopyableId value={instance.status.publicIP} label="public IP" />
          ) : wantsPublic ? (
            'Assigned once provisioned'
          ) : (
            'None: reachable only inside the network'
          ),
        },
        { label: 'Region', value: regionName ?? regionID },
        { label: 'Project', value: projectName ?? instance.metadata.projectId },
        { label: 'Created', value: <RelativeTime value={instance.metadata.creationTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={instance.metadata.tags} /> },
      ]}
    >
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="console">Console output</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="console">
          <ConsoleOutput instance={instance} />
        </Tabs.Panel>
        <Tabs.Panel value="overview">
          <Group align="stretch" grow preventGrowOverflow={false} wrap="wrap">
            <Paper withBorder p="lg" radius="md" miw={300}>
              <Title order={2} size="h4" mb="sm">
                Flavor and image
              </Title>
              <DetailList
                cols={1}
                items={[
                  {
                    label: 'Flavor',
                    value: flavor ? (
                      <>
                        <Anchor
                          component={Link}
                          to={paths.flavors.list({ region: regionID, flavor: flavor.metadata.id })}
                          size="sm"
                          ff="monospace"
                        >
                          {flavor.metadata.name}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {flavor.spec.cpus} vCPUs{flavor.spec.cpuFamily ? ` (${flavor.spec.cpuFamily})` : ''},{' '}
                          {formatNumber(flavor.spec.memory)} GiB memory, {formatNumber(flavor.spec.disk)} GB disk
                          {flavor.spec.gpu ? `, ${describeGpu(flavor)}` : ''}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" ff="monospace">
                        {instance.spec.flavorId}
                      </Text>
                    ),
                  },
                  {
                    label: 'Image',
                    value: image ? (
                      <>
                        <Text size="sm">{image.metadata.name}</Text>
                        {describeImage(image) && (
                          <Text size="sm" c="dimmed">
                            {describeImage(image)}
                          </Text>
                        )}
                      </>
                    ) : (
                      <Text size="sm" ff="monospace">
                        {instance.spec.imageId}
                      </Text>
                    ),
                  },
                  {
                    label: 'User data',
                    // Base64 of the cloud-init data: about three bytes for every four characters.
                    value: userData
                      ? `cloud-init data, about ${formatNumber(Math.floor((userData.length * 3) / 4))} bytes`
                      : 'None',
                  },
                  {
                    label: 'SSH login',
                    value: instance.spec.sshCertificateAuthorityId ? (
                      <>
                        <Text size="sm">Certificates signed by the SSH certificate authority</Text>
                        <CopyableId
                          value={instance.spec.sshCertificateAuthorityId}
                          label="SSH certificate authority id"
                        />
                      </>
                    ) : (
                      'A key pair the platform generated (Get SSH key)'
                    ),
                  },
                ]}
              />
            </Paper>
            <Paper withBorder p="lg" radius="md" miw={300}>
              <Title order={2} size="h4" mb="sm">
                Networking
              </Title>
              <DetailList
                cols={1}
                items={[
                  {
                    label: 'Network',
                    value: <InstanceNetworkLink networkId={related.network.params.networkID} />,
                  },
                  {
                    label: 'Security groups',
                    value: groupIds.length ? (
                      <Group gap="sm">
                        {groupIds.map((id) => (
                          <Anchor key={id} component={Link} to={paths.securityGroups.item(id)} size="sm">
                            {groupName.get(id) ?? id}
                          </Anchor>
                        ))}
                      </Group>
                    ) : (
                      'None: the network defaults apply'
                    ),
                  },
                  {
                    label: 'Allowed source addresses',
                    value: sourceAddresses.length ? (
                      <Group gap="xs">
                        {sourceAddresses.map((prefix) => (
                          <Code key={prefix}>{prefix}</Code>
                        ))}
                      </Group>
                    ) : (
                      'Its own address only'
                    ),
                  },
                ]}
              />
            </Paper>
          </Group>
        </Tabs.Panel>
      </Tabs>
    </DetailPage>
  )
}
