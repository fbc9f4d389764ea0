import { Anchor, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import { Link, useNavigate, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { describeRequest } from '../../../api/describeRequest'
import { networkQueries } from '../../../api/networks'
import type { SecurityGroup } from '../../../api/schemas/regional'
import { securityGroupMutations, securityGroupQueries, securityGroupRequests } from '../../../api/securityGroups'
import { consoleConfigQuery } from '../../../api/session'
import { DetailList } from '../../../components/DetailList'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { placeServerError } from '../../../components/form/server-errors'
import { TagsField } from '../../../components/form/TagsField'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { RulesEditor } from '../components/RulesEditor'
import { SecurityGroupCrumb } from '../components/SecurityGroupCrumb'
import { formFieldFor, securityGroupUpdateForm, toUpdateBody, updateDefaults, type SecurityGroupUpdateValues } from '../security-group-form'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([queryClient.ensureQueryData(securityGroupQueries.detail(params.securityGroupId!)), queryClient.ensureQueryData(consoleConfigQuery())])
    return null
  }
}

export const handle = { crumb: (params: Params) => <SecurityGroupCrumb securityGroupId={params.securityGroupId!} /> }

export function Component() {
  const securityGroupId = useParams().securityGroupId!
  const { data: group } = useSuspenseQuery(securityGroupQueries.detail(securityGroupId))
  // Keyed by id: the form takes the group as its defaults once, and a background refetch never resets the input.
  return <SecurityGroupEditForm key={securityGroupId} group={group} />
}

function SecurityGroupEditForm({ group }: { group: SecurityGroup }) {
  const navigate = useNavigate()
  const securityGroupId = group.metadata.id
  const form = useForm<SecurityGroupUpdateValues>({ resolver: zodResolver(securityGroupUpdateForm), mode: 'onTouched', defaultValues: updateDefaults(group) })
  const values = useWatch({ control: form.control }) as SecurityGroupUpdateValues
  const config = useQuery(consoleConfigQuery())
  const network = useQuery(networkQueries.detail(group.status.networkId))
  const update = useMutation(securityGroupMutations.update())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const request = config.data ? describeRequest(securityGroupRequests.update(securityGroupId, toUpdateBody(values)), config.data.upstreams) : undefined

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    update.mutate(
      { securityGroupID: securityGroupId, body: toUpdateBody(valid) },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Security group ${saved.metadata.name} saved.` })
          void navigate(paths.securityGroup(securityGroupId))
        },
        onError: (error) => setSubmitError(placeServerError(error, form.setError, (path) => formFieldFor(path) as Path<SecurityGroupUpdateValues> | undefined)),
      },
    )
  })

  return (
    <>
      <PageHeader title={`Edit ${group.metadata.name}`} description="Change the rules, name, description and tags. The network is fixed once created." />
      <FormShell onSubmit={onSubmit} submitLabel="Save changes" loading={update.isPending} submitError={submitError} request={request} onCancel={() => navigate(paths.securityGroup(securityGroupId))}>
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
              { label: 'Region', value: group.status.regionId },
              { label: 'Project', value: group.metadata.projectId },
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
