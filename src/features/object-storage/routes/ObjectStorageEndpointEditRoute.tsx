import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { objectStorageEndpointApi, type ObjectStorageEndpoint } from '../../../api/objectStorage'
import { readQuery } from '../../../api/read'
import { DetailList } from '../../../components/DetailList'
import { backToResource } from '../../../components/form/form-outcomes'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { TagsSection } from '../../../components/form/TagsField'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { nameCrumb } from '../../../components/NameCrumb'
import { editFormLoader } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { useScopeNames } from '../../../lib/use-scope-names'
import { PolicyEditor } from '../components/PolicyEditor'
import { endpointUpdateForm, toUpdateWire, updateDefaults } from '../object-storage-form'
import { objectStorageEndpointReads } from '../object-storage-reads'

export const loader = editFormLoader((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(objectStorageEndpointReads.item(params.objectStorageEndpointId!))),
)

export const handle = nameCrumb(
  objectStorageEndpointApi.detail,
  'objectStorageEndpointId',
  (objectStorageEndpointID) => ({ objectStorageEndpointID }),
)

export function Component() {
  const id = useParams().objectStorageEndpointId!
  return (
    <KeyedEditForm
      query={readQuery(objectStorageEndpointReads.item(id))}
      form={(endpoint) => <EndpointEditForm endpoint={endpoint} />}
    />
  )
}

function EndpointEditForm({ endpoint }: { endpoint: ObjectStorageEndpoint }) {
  const id = endpoint.metadata.id
  const [defaults] = useState(() => updateDefaults(endpoint))
  const { form, submit } = useResourceForm({
    schema: endpointUpdateForm,
    defaultValues: defaults,
    latest: useLatestValues(updateDefaults),
    endpoint: objectStorageEndpointApi.update,
    params: { objectStorageEndpointID: id },
    wire: toUpdateWire,
    ...backToResource(resources.objectStorageEndpoints, id),
    // The platform's 409 here is a policy an access key is bound to: said above the form, in its words.
  })
  const { projectName, regionName } = useScopeNames(endpoint.metadata.organizationId)
  const classes = useQuery(readQuery(objectStorageEndpointReads.edit(endpoint).classes))
  const endpointClass = classes.data?.find((c) => c.metadata.id === endpoint.spec.objectStorageEndpointClassId)
  return (
    <FormPage
      {...submit}
      title={`Edit ${endpoint.metadata.name}`}
      description="Change the description, tags and identity policies. The region and endpoint class are fixed once created."
      submitLabel="Save changes"
    >
      <FormSection>
        <DetailList
          cols={3}
          items={[
            { label: 'Region', value: regionName.get(endpoint.status.regionId) ?? endpoint.status.regionId },
            {
              label: 'Endpoint class',
              value: endpointClass?.metadata.name ?? endpoint.spec.objectStorageEndpointClassId,
            },
            {
              label: 'Project',
              value: projectName.get(endpoint.metadata.projectId) ?? endpoint.metadata.projectId,
            },
          ]}
        />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <PolicyEditor control={form.control} replaces />
      <TagsSection control={form.control} />
    </FormPage>
  )
}
