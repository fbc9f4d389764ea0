import { useQuery } from '@tanstack/react-query'
import { isNotOffered } from '../../../api/errors'

import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { MultiSelectField, NumberField, SelectField } from '../../../components/form/fields'
import { TypedIdField } from '../../../components/form/TypedIdField'
import { prefetchQuotas, QuotaHint, useQuotaFit } from '../../../components/form/QuotaHint'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { TagsSection } from '../../../components/form/TagsField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { inPlacedProject, TAKEN_NAME } from '../../../components/form/unique-name'
import { formatBytes } from '../../../lib/format'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { RootSquashField } from '../components/RootSquashField'
import { SnapshotFields } from '../components/SnapshotFields'
import { fileStorageCreate, GiB } from '../file-storage-form'
import { q } from '../../../api/endpoint'
import { storageClassApi } from '../../../api/catalogs'
import { resources } from '../../../lib/resources'
import { fileStorageApi } from '../../../api/fileStorage'
import { networkOption, usePlacedNetworks } from '../../../components/form/NetworkField'

export const { loader } = createFormRoute({ prefetch: prefetchQuotas })

export function Component() {
  const defaults = usePlacedDefaults({
    storageClassId: '',
    sizeGiB: 100,
    rootSquash: true,
    networkIds: [] as string[],
    // On unless the admin turns it off, as the platform's own default is.
    defaultSnapshotProtection: true,
    snapshotPolicies: [],
  })
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.fileStorage, fileStorageCreate, {
    params: {},
    defaultValues: defaults,
    siblings: inPlacedProject(fileStorageApi.list),
    // A 409 whose words are not about the name stays at the top of the form, in the platform's words.
    conflict: { field: 'name', message: resources.fileStorage.nameTaken, when: TAKEN_NAME },
  })
  const classes = useQuery({
    ...q(storageClassApi.list, { regionID: [values.regionId] }),
    enabled: Boolean(values.regionId),
  })
  const chosenClass = classes.data?.find((c) => c.metadata.id === values.storageClassId)
  // NFS attachments: only networks of the chosen project and region can reach the file system.
  const placed = Boolean(values.projectId && values.regionId)
  const networks = usePlacedNetworks({ organizationID, projectId: values.projectId, regionId: values.regionId })
  // The organization's file storage quota counts provisioned GiB: the size decides what a create takes.
  const quota = useQuotaFit(organizationID, [
    { kind: 'filestorage', amount: values.sizeGiB ?? 0, unit: ['GiB', 'GiB'], what: 'This size' },
  ])

  return (
    <FormPage
      {...submit}
      description="A shared NFS file system in one region of a project, mounted by the instances on the networks it is attached to."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={`${NAME_HINT} Also the suggested mount point.`} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          // Networks belong to a project and a region, storage classes to a region: a new place clears what was
          // chosen in the old one.
          onProjectChange={() => form.setValue('networkIds', [])}
          onRegionChange={() => {
            form.setValue('storageClassId', '')
            form.setValue('networkIds', [])
          }}
        />
      </FormSection>
      <FormSection>
        {isNotOffered(classes.error) ? (
          <TypedIdField
            control={form.control}
            name="storageClassId"
            noun="storage class"
            plural="storage classes"
            which="of one in the region"
          />
        ) : (
          <SelectField
            control={form.control}
            name="storageClassId"
            label="Storage class"
            withAsterisk
            disabled={!values.regionId}
            placeholder={
              !values.regionId
                ? 'Choose a region first'
                : classes.isPending
                  ? 'Loading storage classes…'
                  : 'Choose a storage class'
            }
            description={
              chosenClass?.metadata.description ??
              'How the file system is served: throughput and NFS versions differ by class.'
            }
            data={(classes.data ?? []).map((c) => ({
              value: c.metadata.id,
              label: c.spec?.protocols.length ? `${c.metadata.name} (${c.spec.protocols.join(', ')})` : c.metadata.name,
            }))}
          />
        )}
        <NumberField
          control={form.control}
          name="sizeGiB"
          label="Size (GiB)"
          description={
            <>
              {values.sizeGiB && values.sizeGiB >= 1
                ? `${formatBytes(values.sizeGiB * GiB)}; a whole number of GiB, at least 1.`
                : 'A whole number of GiB, at least 1.'}
              <QuotaHint fit={quota} />
            </>
          }
          withAsterisk
        />
        <RootSquashField control={form.control} name="rootSquash" />
      </FormSection>
      <FormSection>
        <MultiSelectField
          control={form.control}
          name="networkIds"
          label="Attached networks"
          description="Optional. Networks of the same project and region; instances on them mount the file system over NFS. You can attach more later."
          disabled={!placed}
          placeholder={
            !placed
              ? 'Choose a project and region first'
              : networks.isPending
                ? 'Loading networks…'
                : values.networkIds.length
                  ? undefined
                  : networks.data?.length
                    ? 'Not attached: choose networks'
                    : 'No networks in this project and region'
          }
          searchable
          data={(networks.data ?? []).map(networkOption)}
        />
      </FormSection>
      <SnapshotFields control={form.control} />
      <TagsSection control={form.control} />
    </FormPage>
  )
}
