import { Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'

import { consoleConfigQuery } from '../../../api/session'

import { FormShell } from '../../../components/form/FormShell'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { getScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { createDefaults, DUPLICATE_NAME, projectForm, toWire, type ProjectValues } from '../project-form'
import { q } from '../../../api/endpoint'
import { groupApi, projectApi } from '../../../api/identity'

export function loader(queryClient: QueryClient) {
  return async () => {
    const [scope] = await Promise.all([ensureScope(queryClient), queryClient.ensureQueryData(consoleConfigQuery())])
    if (scope.organizationId) void queryClient.prefetchQuery(q(groupApi.list, { organizationID: scope.organizationId }))
    return null
  }
}

export const handle = { crumb: () => 'Create' }

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const form = useForm<ProjectValues>({
    resolver: zodResolver(projectForm),
    mode: 'onTouched',
    defaultValues: createDefaults,
  })
  const submit = useSubmitWithServerErrors({
    form,
    endpoint: projectApi.create,
    params: { organizationID },
    wire: (values) => toWire(values),
    savedMessage: (project) => `Project ${project.metadata.name} created; it is being provisioned.`,
    leaveTo: (project) => paths.project(project.metadata.id),
    cancelTo: paths.projects(),
    conflict: { field: 'name', message: DUPLICATE_NAME },
  })

  return (
    <>
      <PageHeader
        title="Create project"
        description="A place for networks, file storage and instances. Members of its groups can work in it; the platform provisions it in the background."
      />
      <FormShell {...submit} submitLabel="Create project">
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
