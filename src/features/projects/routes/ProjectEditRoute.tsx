import { Button, Paper, Stack } from '@mantine/core'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useParams, type LoaderFunctionArgs, type Params } from 'react-router'
import { projectMutations, projectQueries, projectRequests } from '../../../api/projects'
import type { Project } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'
import { EmptyState } from '../../../components/EmptyState'
import { FormShell } from '../../../components/form/FormShell'
import { TextareaField, TextField } from '../../../components/form/fields'
import { GroupsField } from '../../../components/form/GroupsField'
import { useRequestPreview } from '../../../components/form/useRequestPreview'
import { useSubmitWithServerErrors } from '../../../components/form/useSubmitWithServerErrors'
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
  const { data: project } = useSuspenseQuery({
    ...projectQueries.list({ organizationID }),
    select: (projects) => projects.find((p) => p.metadata.id === projectId),
  })
  if (!project) {
    return (
      <EmptyState
        title="This project is gone"
        description="It is no longer in this organization's list."
        action={
          <Button component={Link} to={paths.projects()}>
            All projects
          </Button>
        }
      />
    )
  }
  // Keyed by id: the form takes the project as its defaults once; a background refetch never resets the input.
  return <ProjectEditForm key={projectId} project={project} organizationID={organizationID} />
}

function ProjectEditForm({ project, organizationID }: { project: Project; organizationID: string }) {
  const projectId = project.metadata.id
  const ref = { organizationID, projectID: projectId }
  const form = useForm<ProjectValues>({
    resolver: zodResolver(projectForm),
    mode: 'onTouched',
    defaultValues: updateDefaults(project),
  })
  const values = useWatch({ control: form.control }) as ProjectValues
  const request = useRequestPreview(projectRequests.update(ref, toBody(values, project.metadata.tags)))
  const submit = useSubmitWithServerErrors({
    form,
    mutation: projectMutations.update(),
    toVariables: (valid) => ({ ref, body: toBody(valid, project.metadata.tags) }),
    fieldFor: formFieldFor,
    savedMessage: (_saved, valid) => `Project ${valid.name.trim()} saved.`,
    leaveTo: paths.project(projectId),
    conflict: { field: 'name', message: DUPLICATE_NAME },
  })

  return (
    <>
      <PageHeader
        title={`Edit ${project.metadata.name}`}
        description="Change the name, description and the groups that work in this project."
      />
      <FormShell {...submit} submitLabel="Save changes" request={request}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk autoComplete="off" />
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
