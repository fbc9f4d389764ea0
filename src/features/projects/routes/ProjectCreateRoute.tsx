import { useState } from 'react'

import { FormPage, NAME_HINT } from '../../../components/form/FormPage'
import { useCreateForm } from '../../../components/form/useCreateForm'
import { getScope } from '../../../lib/scope'
import { createFormRoute, prefetchGroups } from '../../../lib/form-route'
import { ProjectFields } from '../components/ProjectFields'
import { createDefaults, projectCreate } from '../project-form'
import { resources } from '../../../lib/resources'

export const { loader } = createFormRoute({ prefetch: prefetchGroups })

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const { form, submit } = useCreateForm(resources.projects, projectCreate, {
    params: { organizationID },
    defaultValues: createDefaults,
  })

  return (
    <FormPage
      {...submit}
      description="A place for networks, file storage and instances. Members of its groups can work in it; the platform provisions it in the background."
    >
      <ProjectFields control={form.control} organizationID={organizationID} nameHint={NAME_HINT} />
    </FormPage>
  )
}
