import { Anchor } from '../../../components/mantine/Anchor'
import { readQuery } from '../../../api/read'
import { securityGroupReads } from '../security-group-reads'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import type { SecurityGroup } from '../../../api/schemas/regional'

import { DetailList } from '../../../components/DetailList'
import { FormPage, FormSection, NameFields } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { inProject, useUniqueName } from '../../../components/form/unique-name'
import { KeyedEditForm, useLatestValues } from '../../../components/form/KeyedEditForm'
import { backToResource } from '../../../components/form/form-outcomes'
import { editFormLoader } from '../../../lib/form-route'
import { paths } from '../../../lib/paths'
import { RulesSections } from '../components/RulesSections'
import { nameCrumb } from '../../../components/NameCrumb'
import { securityGroupUpdateForm, toUpdateWire, updateDefaults } from '../security-group-form'
import { q } from '../../../api/endpoint'
import { securityGroupApi } from '../../../api/securityGroups'
import { projectApi } from '../../../api/identity'
import { useScopeNames } from '../../../lib/use-scope-names'
import { resources } from '../../../lib/resources'

// The project's name shows with the form, not its id first (prefetch: a platform without the list shows the id).
export const loader = editFormLoader(async (queryClient, params) => {
  const group = await queryClient.ensureQueryData(readQuery(securityGroupReads.item(params.securityGroupId!)))
  await queryClient.prefetchQuery(q(projectApi.list, { organizationID: group.metadata.organizationId }))
})

export const handle = nameCrumb(securityGroupApi.detail, 'securityGroupId', (securityGroupID) => ({ securityGroupID }))

export function Component() {
  const securityGroupId = useParams().securityGroupId!
  return (
    <KeyedEditForm
      query={readQuery(securityGroupReads.item(securityGroupId))}
      form={(group) => <SecurityGroupEditForm group={group} />}
    />
  )
}

function SecurityGroupEditForm({ group }: { group: SecurityGroup }) {
  const securityGroupId = group.metadata.id
  const { form, submit } = useResourceForm({
    schema: securityGroupUpdateForm,
    defaultValues: updateDefaults(group),
    latest: useLatestValues(updateDefaults),
    endpoint: securityGroupApi.update,
    params: { securityGroupID: securityGroupId },
    wire: toUpdateWire,
    ...backToResource(resources.securityGroups, securityGroupId),
    uniqueName: useUniqueName(
      resources.securityGroups.nameTaken,
      (_valid, client) => client.fetchQuery(q(securityGroupApi.list, inProject(group))),
      securityGroupId,
    ),
  })
  const network = useQuery(readQuery(securityGroupReads.edit(group).network))

  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(group.metadata.organizationId)

  return (
    <FormPage
      {...submit}
      title={`Edit ${group.metadata.name}`}
      description="Change the rules, name, description and tags. The network is fixed once created."
      submitLabel="Save changes"
    >
      <FormSection>
        <DetailList
          cols={3}
          items={[
            {
              label: 'Network',
              value: (
                <Anchor component={Link} to={paths.networks.item(group.status.networkId)} size="sm">
                  {network.data?.metadata.name ?? group.status.networkId}
                </Anchor>
              ),
            },
            { label: 'Region', value: regionName.get(group.status.regionId) ?? group.status.regionId },
            { label: 'Project', value: projectName.get(group.metadata.projectId) ?? group.metadata.projectId },
          ]}
        />
      </FormSection>
      <FormSection>
        <NameFields control={form.control} />
      </FormSection>
      <RulesSections control={form.control} />
    </FormPage>
  )
}
