import { Button, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { describeRequest } from '../../../api/describeRequest'
import { isApiError } from '../../../api/errors'
import { projectMutations, projectQueries, projectRequests } from '../../../api/projects'
import type { Project } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { EmptyState } from '../../../components/EmptyState'
import { FormShell, type SubmitError } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { placeServerError } from '../../../components/form/server-errors'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ProjectCrumb } from '../components/ProjectCrumb'
import { DUPLICATE_NAME, formFieldFor, projectForm, toBody, updateDefaults, type ProjectValues } from '../project-form'
import { loadProject } from '../project-lookup'

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([loadProject(queryClient, params.projectId!), queryClient.ensureQueryData(consoleConfigQuery())])
    return null
  }
}

export const handle = { crumb: (params: Params) => <ProjectCrumb projectId={params.projectId!} /> }

export function Component() {
  const projectId = useParams().projectId!
  const organizationID = useStoredScope().organizationId ?? ''
  const { data: project } = useSuspenseQuery({ ...projectQueries.list({ organizationID }), select: (projects) => projects.find((p) => p.metadata.id === projectId) })
  if (!project) {
    return <EmptyState title="This project is gone" description="It is no longer in this organization's list." action={<Button component={Link} to={paths.projects()}>All projects</Button>} />
  }
  // Keyed by id: the form takes the project as its defaults once; a background refetch never resets the input.
  return <ProjectEditForm key={projectId} project={project} organizationID={organizationID} />
}

function ProjectEditForm({ project, organizationID }: { project: Project; organizationID: string }) {
  const navigate = useNavigate()
  const projectId = project.metadata.id
  const ref = { organizationID, projectID: projectId }
  const form = useForm<ProjectValues>({ resolver: zodResolver(projectForm), mode: 'onTouched', defaultValues: updateDefaults(project) })
  const values = useWatch({ control: form.control }) as ProjectValues
  const config = useQuery(consoleConfigQuery())
  const update = useMutation(projectMutations.update())
  const [submitError, setSubmitError] = useState<SubmitError>()
  const request = config.data ? describeRequest(projectRequests.update(ref, toBody(values, project.metadata.tags)), config.data.upstreams) : undefined

  const onSubmit = form.handleSubmit((valid) => {
    setSubmitError(undefined)
    update.mutate(
      { ref, body: toBody(valid, project.metadata.tags) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Project ${valid.name.trim()} saved.` })
          void navigate(paths.project(projectId))
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
      <PageHeader title={`Edit ${project.metadata.name}`} description="Change the name, description and the groups that work in this project." />
      <FormShell onSubmit={onSubmit} submitLabel="Save changes" loading={update.isPending} submitError={submitError} request={request} onCancel={() => navigate(paths.project(projectId))}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk autoComplete="off" />
            <TextareaField control={form.control} name="description" label="Description" autosize minRows={2} />
            <GroupsField control={form.control} name="groupIDs" organizationID={organizationID} description="Members of these groups get their groups' roles in this project." />
          </Stack>
        </Paper>
      </FormShell>
    </>
  )
}
