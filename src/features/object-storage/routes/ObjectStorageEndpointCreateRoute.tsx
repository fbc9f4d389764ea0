import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { isNotOffered } from '../../../api/errors'
import { objectStorageEndpointClassApi } from '../../../api/objectStorage'
import { SelectField } from '../../../components/form/fields'
import { FormPage, FormSection, NAME_HINT, NameFields } from '../../../components/form/FormPage'
import { ProjectRegionFields } from '../../../components/form/ProjectRegionFields'
import { TagsSection } from '../../../components/form/TagsField'
import { TypedIdField } from '../../../components/form/TypedIdField'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute, usePlacedDefaults } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import { PolicyEditor } from '../components/PolicyEditor'
import { classLabel } from '../object-storage-classes'
import { endpointCreate, POLICY_TEMPLATE } from '../object-storage-form'

export const { loader } = createFormRoute()

export function Component() {
  const defaults = usePlacedDefaults({ classId: '', policies: [{ name: 'bucket-admin', document: POLICY_TEMPLATE }] })
  const organizationID = defaults.organizationId
  const { form, submit, values } = useCreateForm(resources.objectStorageEndpoints, endpointCreate, {
    params: {},
    defaultValues: defaults,
  })
  const classes = useQuery({
    ...q(objectStorageEndpointClassApi.list, { regionID: [values.regionId] }),
    enabled: Boolean(values.regionId),
  })
  const chosen = classes.data?.find((c) => c.metadata.id === values.classId)
  return (
    <FormPage
      {...submit}
      description="An S3-compatible endpoint in one region of a project. Its class is fixed once created; its identity policies say what each access key may do."
    >
      <FormSection>
        <NameFields control={form.control} nameHint={NAME_HINT} />
        <ProjectRegionFields
          control={form.control}
          organizationID={organizationID}
          projectField="projectId"
          regionField="regionId"
          // Classes are the region's: a new region clears the one chosen in the old.
          onRegionChange={() => form.setValue('classId', '')}
        />
      </FormSection>
      <FormSection>
        {isNotOffered(classes.error) ? (
          <TypedIdField
            control={form.control}
            name="classId"
            noun="endpoint class"
            plural="endpoint classes"
            which="of one in the region"
          />
        ) : (
          <SelectField
            control={form.control}
            name="classId"
            label="Endpoint class"
            withAsterisk
            disabled={!values.regionId}
            placeholder={
              !values.regionId
                ? 'Choose a region first'
                : classes.isPending
                  ? 'Loading endpoint classes…'
                  : 'Choose an endpoint class'
            }
            description={
              chosen?.metadata.description ??
              'Public classes get a DNS name reachable from the internet; private ones are reached from the region’s networks only. Fixed once created.'
            }
            data={(classes.data ?? []).map((c) => ({ value: c.metadata.id, label: classLabel(c) }))}
          />
        )}
      </FormSection>
      <PolicyEditor control={form.control} />
      <TagsSection control={form.control} />
    </FormPage>
  )
}
