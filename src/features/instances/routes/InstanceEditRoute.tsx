import { Alert } from '../../../components/mantine/Alert'
import { readQuery } from '../../../api/read'
import { instanceReads } from '../instance-reads'
import { Button } from '../../../components/mantine/Button'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useParams, type LoaderFunctionArgs } from 'react-router'

import type { Instance } from '../../../api/schemas/regional'
import { consoleConfigQuery } from '../../../api/session'

import { DetailList } from '../../../components/DetailList'
import { FormPage, FormSection } from '../../../components/form/FormPage'
import { TextField, TextareaField } from '../../../components/form/fields'
import { TagsField } from '../../../components/form/TagsField'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { KeyedEditForm, useLatestResource } from '../../../components/form/KeyedEditForm'
import { backToResource } from '../../../components/form/form-outcomes'
import { StatusBadge } from '../../../components/StatusBadge'
import { AccessFields } from '../components/AccessFields'
import { ConfirmResizeRebuild } from '../components/ConfirmResizeRebuild'
import { FlavorChoice } from '../../../components/form/FlavorChoice'
import { ImageChoice } from '../../../components/form/ImageChoice'
import { InstanceChangeList } from '../components/InstanceChangeList'
import { InstanceNetworkLink } from '../components/InstanceNetworkLink'
import {
  changesOf,
  describeChanges,
  editDefaults,
  instanceEditForm,
  needsConfirmation,
  toUpdateWire,
  type ChangeNames,
} from '../instance-edit-form'
import { UserDataField } from '../components/UserDataField'
import { instanceApi } from '../../../api/instances'
import { useNames } from '../../../lib/use-names'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { formatNumber } from '../../../lib/format'
import { nameCrumb } from '../../../components/NameCrumb'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const [instance] = await Promise.all([
      queryClient.ensureQueryData(readQuery(instanceReads.item(params.instanceId!))),
      queryClient.ensureQueryData(consoleConfigQuery()),
    ])
    const reads = instanceReads.edit(instance)
    // The pickers' lists are prefetched so the flavor table opens on the right tab, but not required: a platform
    // that cannot list them still gets the form, with ids typed in.
    await Promise.all([
      queryClient.prefetchQuery(readQuery(reads.flavors)),
      queryClient.prefetchQuery(readQuery(reads.images)),
      queryClient.prefetchQuery(readQuery(reads.networkGroups)),
    ])
    return null
  }
}

export const handle = nameCrumb(instanceApi.detail, 'instanceId', (instanceID) => ({ instanceID }))

export function Component() {
  const instanceId = useParams().instanceId!
  return (
    <KeyedEditForm
      query={readQuery(instanceReads.item(instanceId))}
      form={(instance) => <InstanceEditForm instance={instance} />}
    />
  )
}

function InstanceEditForm({ instance }: { instance: Instance }) {
  const instanceId = instance.metadata.id
  const organizationID = instance.metadata.organizationId
  const regionID = instance.status.regionId
  // The update takes the whole spec: a resize someone else made meanwhile is kept, and what the confirmation asks
  // about is measured from the instance as read at the submit, so it never asks to resize what the user left alone.
  const { current, latest } = useLatestResource(instance, editDefaults)
  const { form, submit, values } = useResourceForm({
    schema: instanceEditForm,
    defaultValues: editDefaults(instance),
    latest,
    idLists: ['securityGroupIds'],
    entries: { allowedSourceAddresses: 'text' },
    endpoint: instanceApi.update,
    params: { instanceID: instanceId },
    wire: toUpdateWire,
    ...backToResource(resources.instances, instanceId),
    // A resize or rebuild interrupts the instance: asked first.
    holdIf: (valid) => needsConfirmation(changesOf(editDefaults(current.current), valid)),
  })

  const reads = instanceReads.edit(instance)
  const flavors = useQuery(readQuery(reads.flavors))
  const images = useQuery(readQuery(reads.images))
  const groups = useQuery(readQuery(reads.networkGroups))
  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(organizationID)

  const flavor = flavors.data?.find((f) => f.metadata.id === values.flavorId)

  // Judged against the instance as the platform has it now, so the list and the question on submit are about what
  // saving really changes.
  const changes = changesOf(editDefaults(instance), values)
  const flavorName = useNames('flavors', organizationID, regionID)
  const imageName = useNames('images', organizationID, regionID)
  const groupName = useNames(reads.groupNames)
  const names: ChangeNames = {
    flavor: (id) => flavorName.get(id) ?? id,
    image: (id) => imageName.get(id) ?? id,
    group: (id) => groupName.get(id) ?? id,
  }
  const stopped = instance.status.powerState === 'Stopped'
  const currentFlavorName = names.flavor(instance.spec.flavorId)
  const currentImageName = names.image(instance.spec.imageId)

  return (
    <>
      <FormPage
        {...submit}
        title={`Edit ${instance.metadata.name}`}
        description="Change its size, image, access, user data, description and tags. The name, network, project and region are fixed once created."
        submitLabel="Save changes"
        notice={<InstanceChangeList items={describeChanges(changes, names, instance.status.publicIP)} />}
      >
        <Paper withBorder p="lg" radius="md">
          <DetailList
            cols={4}
            items={[
              {
                label: 'Network',
                value: <InstanceNetworkLink networkId={reads.network.params.networkID} />,
              },
              { label: 'Region', value: regionName.get(regionID) ?? regionID },
              { label: 'Project', value: projectName.get(instance.metadata.projectId) ?? instance.metadata.projectId },
              { label: 'Power state', value: <StatusBadge value={instance.status.powerState} /> },
            ]}
          />
        </Paper>

        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="size-title">
          <Title id="size-title" order={2} size="h4" mb="xs">
            Flavor and image
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {stopped
              ? 'A new flavor resizes the instance: it stays stopped and starts on the new size. A new image rebuilds it from that image and erases its disk.'
              : 'A new flavor resizes the instance: it restarts on the new size and is unavailable meanwhile. A new image rebuilds it from that image and erases its disk.'}
          </Text>
          <Stack gap="lg">
            <FlavorChoice form={form} flavors={flavors} images={images.data} />
            {changes.resize && (
              <Alert color="amber" title="Resize">
                From {currentFlavorName} to {names.flavor(changes.resize.to)}.{' '}
                {stopped
                  ? 'The instance stays stopped.'
                  : 'The instance restarts on the new flavor; its disk, addresses and data are kept.'}{' '}
                You confirm this when you save.
              </Alert>
            )}
            <ImageChoice control={form.control} images={images} flavor={flavor} current={instance.spec.imageId} />
            {changes.rebuild && (
              <Alert color="red" title="Rebuild: the disk is erased">
                The instance is rebuilt from the new image instead of {currentImageName}. Everything on its disk is
                lost; its addresses are kept. You confirm this when you save.
              </Alert>
            )}
          </Stack>
        </Paper>

        <FormSection title="Access">
          <AccessFields
            control={form.control}
            groups={groups}
            groupsDescription="Firewall rules of the instance's network; none means the network's defaults apply."
            publicIPDescription={
              instance.status.publicIP
                ? `It has ${instance.status.publicIP}. Turning this off releases that address; turning it on again later gives a new one.`
                : 'Reachable from the internet, subject to its security groups; the address comes from the region’s pool.'
            }
          />
          <TextareaField
            control={form.control}
            name="allowedSourceAddresses"
            label="Allowed source addresses"
            description="Prefixes the instance may send traffic from besides its own address, one per line: for a router or VPN gateway without NAT. Empty means only its own address."
            placeholder="e.g. 10.8.0.0/16"
            minRows={2}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </FormSection>

        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="userdata-title">
          <Title id="userdata-title" order={2} size="h4" mb="sm">
            User data
          </Title>
          {values.keptUserData !== null ? (
            <Alert color="iris" title="Binary user data">
              <Text size="sm">
                The instance's user data is not text (compressed or binary, about{' '}
                {formatNumber(Math.floor((values.keptUserData.length * 3) / 4))} bytes). It is sent back unchanged.
              </Text>
              <Button variant="default" size="xs" mt="xs" onClick={() => form.setValue('keptUserData', null)}>
                Replace it with text
              </Button>
            </Alert>
          ) : (
            <UserDataField
              control={form.control}
              name="userData"
              description="A cloud-config, a script or a MIME archive; the console sends it base64-encoded. cloud-init reads it when the instance boots from a fresh disk (created or rebuilt); changing it does not re-run it on the current disk."
            />
          )}
        </Paper>

        <FormSection title="Name and tags">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            readOnly
            description="Fixed once created: the platform does not rename an instance. To use another name, create a new instance."
          />
          <TextareaField control={form.control} name="description" label="Description" minRows={2} />
          <TagsField control={form.control} name="tags" />
        </FormSection>
      </FormPage>
      <ConfirmResizeRebuild
        opened={submit.held !== undefined}
        onClose={submit.dismiss}
        onConfirm={submit.release}
        name={instance.metadata.name}
        changes={submit.held ? changesOf(editDefaults(current.current), submit.held) : changes}
        names={names}
        stopped={current.current.status.powerState === 'Stopped'}
      />
    </>
  )
}
