import { Anchor, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import type { SecurityGroup } from '../../../api/schemas/regional'
import { consoleConfigQuery } from '../../../api/session'

import { DetailList } from '../../../components/DetailList'
import { FormShell } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { TagsField } from '../../../components/form/TagsField'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { RulesEditor } from '../components/RulesEditor'
import { SecurityGroupCrumb } from '../components/SecurityGroupCrumb'
import {
  securityGroupUpdateForm,
  toUpdateWire,
  updateDefaults,
  type SecurityGroupUpdateValues,
} from '../security-group-form'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { securityGroupApi } from '../../../api/securityGroups'
import { projectApi } from '../../../api/identity'
import { useScopeNames } from '../../../lib/use-scope-names'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const [group] = await Promise.all([
      queryClient.ensureQueryData(q(securityGroupApi.detail, { securityGroupID: params.securityGroupId! })),
      queryClient.ensureQueryData(consoleConfigQuery()),
    ])
    // The project's name shows with the form, not its id first (prefetch: a platform without the list shows the id).
    await queryClient.prefetchQuery(q(projectApi.list, { organizationID: group.metadata.organizationId }))
    return null
  }
}

export const handle = { crumb: (params: Params) => <SecurityGroupCrumb securityGroupId={params.securityGroupId!} /> }

export function Component() {
  const securityGroupId = useParams().securityGroupId!
  const { data: group } = useSuspenseQuery(q(securityGroupApi.detail, { securityGroupID: securityGroupId }))
  // Keyed by id: the form takes the group as its defaults once, and a background refetch never resets the input.
  return <SecurityGroupEditForm key={securityGroupId} group={group} />
}

function SecurityGroupEditForm({ group }: { group: SecurityGroup }) {
  const securityGroupId = group.metadata.id
  const form = useForm<SecurityGroupUpdateValues>({
    resolver: zodResolver(securityGroupUpdateForm),
    mode: 'onTouched',
    defaultValues: updateDefaults(group),
  })
  const network = useQuery(q(networkApi.detail, { networkID: group.status.networkId }))
  const submit = useSubmitWithServerErrors({
    form,
    endpoint: securityGroupApi.update,
    params: { securityGroupID: securityGroupId },
    wire: toUpdateWire,
    savedMessage: (saved) => `Security group ${saved.metadata.name} saved.`,
    leaveTo: paths.securityGroup(securityGroupId),
  })

  // Names, not ids: the project and region read as everywhere else in the console.
  const { projectName, regionName } = useScopeNames(group.metadata.organizationId)

  return (
    <>
      <PageHeader
        title={`Edit ${group.metadata.name}`}
        description="Change the rules, name, description and tags. The network is fixed once created."
      />
      <FormShell {...submit} submitLabel="Save changes">
        <Paper withBorder p="lg" radius="md">
          <DetailList
            cols={3}
            items={[
              {
                label: 'Network',
                value: (
                  <Anchor component={Link} to={paths.network(group.status.networkId)} size="sm">
                    {network.data?.metadata.name ?? group.status.networkId}
                  </Anchor>
                ),
              },
              { label: 'Region', value: regionName.get(group.status.regionId) ?? group.status.regionId },
              { label: 'Project', value: projectName.get(group.metadata.projectId) ?? group.metadata.projectId },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk autoComplete="off" />
            <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <RulesEditor control={form.control} />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <TagsField control={form.control} name="tags" />
        </Paper>
      </FormShell>
    </>
  )
}
