import { useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { readQuery } from '../../../api/read'
import { FormPage, NAME_HINT } from '../../../components/form/FormPage'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { createFormRoute } from '../../../lib/form-route'
import { resources } from '../../../lib/resources'
import type { Scope } from '../../../lib/scope'
import { getScope } from '../../../lib/scope'
import { GroupFields } from '../components/GroupFields'
import { createDefaults, groupCreate } from '../group-form'
import { groupFormReads } from '../group-reads'
import { useProjectLinks } from '../use-project-links'

/** The pickers' lists, asked for while the form's code loads. */
function prefetchPickers(queryClient: QueryClient, scope: Scope) {
  const organizationID = scope.organizationId
  if (!organizationID) return
  const { users, serviceAccounts, roles, projects } = groupFormReads(organizationID)
  void queryClient.prefetchQuery(readQuery(roles))
  void queryClient.prefetchQuery(readQuery(users))
  void queryClient.prefetchQuery(readQuery(serviceAccounts))
  void queryClient.prefetchQuery(readQuery(projects))
}

export const { loader } = createFormRoute({ prefetch: prefetchPickers })

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const linkProjects = useProjectLinks(organizationID)
  const { form, submit, values } = useCreateForm(resources.groups, groupCreate, {
    params: { organizationID },
    defaultValues: createDefaults,
    onSaved: (created) => void linkProjects(created.metadata.id, created.metadata.name, form.getValues('projectIDs')),
  })

  return (
    <FormPage {...submit} description="A group grants its roles to its members, in the projects that list it.">
      <GroupFields control={form.control} organizationID={organizationID} values={values} nameHint={NAME_HINT} />
    </FormPage>
  )
}
