import { useParams } from 'react-router'
import type { Project } from '../../../api/schemas/identity'
import { consoleConfigQuery } from '../../../api/session'

import { FormPage } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { useUniqueName } from '../../../components/form/unique-name'
import { KeyedEditForm, useLatestResource } from '../../../components/form/KeyedEditForm'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ProjectFields } from '../components/ProjectFields'
import { projectForm, toWire, updateDefaults } from '../project-form'
import { q } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'
import { listCrumb } from '../../../components/NameCrumb'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  Promise.all([
    queryClient.ensureQueryData(q(projectApi.detail, { organizationID, projectID: params.projectId! })),
    queryClient.ensureQueryData(consoleConfigQuery()),
  ]),
)

export const handle = listCrumb(projectApi.list, 'projectId')

export function Component() {
  const projectId = useParams().projectId!
  const organizationID = useStoredScope().organizationId ?? ''
  return (
    <KeyedEditForm
      query={q(projectApi.detail, { organizationID, projectID: projectId })}
      form={(project) => <ProjectEditForm project={project} organizationID={organizationID} />}
    />
  )
}

function ProjectEditForm({ project, organizationID }: { project: Project; organizationID: string }) {
  const projectId = project.metadata.id
  const ref = { organizationID, projectID: projectId }
  // The update takes the whole project: the tags it sends back are those of the project as read at the submit, and
  // a group someone else added meanwhile stays beside those chosen here.
  const { current, latest } = useLatestResource(project, updateDefaults)
  const { form, submit } = useResourceForm({
    schema: projectForm,
    defaultValues: updateDefaults(project),
    latest,
    idLists: ['groupIDs'],
    endpoint: projectApi.update,
    params: ref,
    wire: (values) => toWire(values, current.current.metadata.tags),
    savedMessage: (_saved, valid) => `Project ${valid.name.trim()} saved.`,
    leaveTo: paths.projects.item(projectId),
    // The identity service takes a taken name on update (its document lists no 409 there): the list is asked first.
    uniqueName: useUniqueName(
      resources.projects.nameTaken,
      (_valid, client) => client.fetchQuery(q(projectApi.list, { organizationID })),
      projectId,
    ),
  })

  return (
    <FormPage
      {...submit}
      title={`Edit ${project.metadata.name}`}
      description="Change the name, description and the groups that work in this project."
      submitLabel="Save changes"
    >
      <ProjectFields control={form.control} organizationID={organizationID} />
    </FormPage>
  )
}
