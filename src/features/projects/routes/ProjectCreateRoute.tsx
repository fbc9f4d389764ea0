import { Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { isApiError } from '../../../api/errors'
import { groupQueries } from '../../../api/groups'
import { projectMutations, projectRequests } from '../../../api/projects'
import { consoleConfigQuery } from '../../../api/session'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { placeServerError } from '../../../components/form/server-errors'
import { useRequestPreview } from '../../../components/form/useRequestPreview'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { getScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { createDefaults, DUPLICATE_NAME, formFieldFor, projectForm, toBody, type ProjectValues } from '../project-form'

export function loader(queryClient: QueryClient) {
  return async () => {
    const [scope] = await Promise.all([ensureScope(queryClient), queryClient.ensureQueryData(consoleConfigQuery())])
    if (scope.organizationId)
      void queryClient.prefetchQuery(groupQueries.list({ organizationID: scope.organizationId }))
    return null
  }
}

export const handle = { crumb: () => 'Create' }

export function Component() {
  const navigate = useNavigate()
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const form = useForm<ProjectValues>({
    resolver: zodResolver(projectForm),
    mode: 'onTouched',
    defaultValues: createDefaults,
  })
  const values = useWatch({ control: form.control }) as ProjectValues
  const create = useMutation(projectMutations.create())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const request = useRequestPreview(projectRequests.create(organizationID, toBody(values)))

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    create.mutate(
      { organizationID, body: toBody(valid) },
      {
        onSuccess: (project) => {
          notifications.show({
            color: 'green',
            message: `Project ${project.metadata.name} created; it is being provisioned.`,
          })
          void navigate(paths.project(project.metadata.id))
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            form.setError('name', { type: 'server', message: DUPLICATE_NAME }, { shouldFocus: true })
            return
          }
          setSubmitError(placeServerError(error, form.setError, formFieldFor))
        },
      },
    )
  })

  return (
    <>
      <PageHeader
        title="Create project"
        description="A place for networks, file storage and instances. Members of its groups can work in it; the platform provisions it in the background."
      />
      <FormShell
        onSubmit={onSubmit}
        submitLabel="Create project"
        loading={create.isPending}
        submitError={submitError}
        request={request}
        onCancel={() => navigate(paths.projects())}
      >
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField
              control={form.control}
              name="name"
              label="Name"
              description="Letters, digits, '-', '_' and '.'; up to 63 characters."
              withAsterisk
              autoComplete="off"
            />
            <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
            <GroupsField
              control={form.control}
              name="groupIDs"
              organizationID={organizationID}
              description="Members of these groups get their groups' roles in this project."
            />
          </Stack>
        </Paper>
      </FormShell>
    </>
  )
}
