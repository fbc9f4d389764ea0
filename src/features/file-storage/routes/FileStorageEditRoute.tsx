import { Alert } from '../../../components/mantine/Alert'
import { readQuery } from '../../../api/read'
import { fileStorageReads } from '../file-storage-reads'
import { Text } from '../../../components/mantine/Text'
import { useState } from 'react'
import { useParams } from 'react-router'
import type { FileStorage } from '../../../api/schemas/regional'

import { DetailList } from '../../../components/DetailList'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { MultiSelectField, NumberField } from '../../../components/form/fields'
import { TagsSection } from '../../../components/form/TagsField'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { backToResource } from '../../../components/form/form-outcomes'
import { inProject, useUniqueName } from '../../../components/form/unique-name'
import { useNames } from '../../../lib/use-names'
import { formatBytes, formatNumber } from '../../../lib/format'
import { editFormLoader } from '../../../lib/form-route'
import { nameCrumb } from '../../../components/NameCrumb'
import { RootSquashField } from '../components/RootSquashField'
import { SnapshotFields } from '../components/SnapshotFields'
import { UsageBar } from '../components/UsageBar'
import { fileStorageUpdateForm, GiB, minimumSizeGiB, toUpdateWire, updateDefaults } from '../file-storage-form'
import { q } from '../../../api/endpoint'
import { fileStorageApi } from '../../../api/fileStorage'
import { networkOption, usePlacedNetworks } from '../../../components/form/NetworkField'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'

export const loader = editFormLoader((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(fileStorageReads.item(params.fileStorageId!))),
)

export const handle = nameCrumb(fileStorageApi.detail, 'fileStorageId', (filestorageID) => ({ filestorageID }))

export function Component() {
  const fileStorageId = useParams().fileStorageId!
  return (
    <KeyedEditForm
      query={readQuery(fileStorageReads.item(fileStorageId))}
      form={(storage) => <FileStorageEditForm storage={storage} />}
    />
  )
}

function FileStorageEditForm({ storage }: { storage: FileStorage }) {
  const fileStorageId = storage.metadata.id
  const [defaults] = useState(() => updateDefaults(storage))
  const { form, submit, values } = useResourceForm({
    schema: fileStorageUpdateForm,
    defaultValues: defaults,
    latest: useLatestValues(updateDefaults),
    endpoint: fileStorageApi.update,
    params: { filestorageID: fileStorageId },
    wire: toUpdateWire,
    ...backToResource(resources.fileStorage, fileStorageId),
    uniqueName: useUniqueName(
      resources.fileStorage.nameTaken,
      (_valid, client) => client.fetchQuery(q(fileStorageApi.list, inProject(storage))),
      fileStorageId,
    ),
  })
  // NFS attachments: only networks of the storage's own project and region can reach it.
  const networks = usePlacedNetworks({
    organizationID: storage.metadata.organizationId,
    projectId: storage.metadata.projectId,
    regionId: storage.status.regionId,
  })
  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(storage.metadata.organizationId)
  const reads = fileStorageReads.edit(storage)
  const className = useNames(reads.classNames)
  const networkNames = useNames(reads.networkNames)
  const networkName = (id: string) => networkNames.get(id) ?? id
  const detaching = defaults.networkIds.filter((id) => !values.networkIds.includes(id))
  const minimum = minimumSizeGiB(storage.status.usage?.usedBytes)

  return (
    <FormPage
      {...submit}
      title={`Edit ${storage.metadata.name}`}
      description="Resize, change root squash, attach or detach networks, rename. The region and storage class are fixed once created."
      submitLabel="Save changes"
      notice={
        detaching.length > 0 && (
          <Alert color="amber" variant="light" title="Detaching networks">
            <Text size="sm">
              Instances on {detaching.map(networkName).join(', ')} lose their mount of this file system when you save.
            </Text>
          </Alert>
        )
      }
    >
      <FormSection>
        <DetailList
          cols={3}
          items={[
            { label: 'Region', value: regionName.get(storage.status.regionId) ?? storage.status.regionId },
            {
              label: 'Storage class',
              value: className.get(storage.status.storageClassId) ?? storage.status.storageClassId,
            },
            { label: 'Project', value: projectName.get(storage.metadata.projectId) ?? storage.metadata.projectId },
          ]}
        />
        <UsageBar usage={storage.status.usage} label={`${storage.metadata.name} usage`} />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <FormSection>
        <NumberField
          control={form.control}
          name="sizeGiB"
          label="Size (GiB)"
          description={`At least ${formatNumber(minimum)} GiB: it holds ${formatBytes(storage.status.usage?.usedBytes ?? 0)} of data, and a smaller size would destroy files.${
            values.sizeGiB && values.sizeGiB >= 1 ? ` ${formatBytes(values.sizeGiB * GiB)} chosen.` : ''
          }`}
          withAsterisk
        />
        <RootSquashField control={form.control} name="rootSquash" />
      </FormSection>
      <FormSection>
        <MultiSelectField
          control={form.control}
          name="networkIds"
          label="Attached networks"
          description="Networks of the same project and region; instances on them mount the file system over NFS. Each new attachment provisions on its own."
          placeholder={
            networks.isPending
              ? 'Loading networks…'
              : values.networkIds.length
                ? undefined
                : 'Not attached: choose networks'
          }
          searchable
          data={[
            ...(networks.data ?? []).map(networkOption),
            // An attached network the list no longer returns stays choosable, so saving does not drop it silently.
            ...defaults.networkIds
              .filter((id) => networks.data && !networks.data.some((n) => n.metadata.id === id))
              .map((id) => ({ value: id, label: id })),
          ]}
        />
      </FormSection>
      <SnapshotFields control={form.control} />
      <TagsSection control={form.control} />
    </FormPage>
  )
}
