import { useState } from 'react'

import { FormPage, NAME_HINT } from '../../../components/form/FormPage'
import { useResourceForm } from '../../../components/form/useResourceForm'
import { openCreated } from '../../../components/form/form-outcomes'
import { getScope } from '../../../lib/scope'
import { createFormRoute, prefetchGroups } from '../../../lib/form-route'
import { ProjectFields } from '../components/ProjectFields'
import { createDefaults, projectForm, toWire } from '../project-form'
import { projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

export const { loader, handle } = createFormRoute({ prefetch: prefetchGroups })

export function Component() {
  const [organizationID] = useState(() => getScope().organizationId ?? '')
  const { form, submit } = useResourceForm({
    schema: projectForm,
    defaultValues: createDefaults,
    endpoint: projectApi.create,
    params: { organizationID },
    wire: (values) => toWire(values),
    ...openCreated(resources.projects),
    conflict: { field: 'name', message: resources.projects.nameTaken },
  })

  return (
    <FormPage
      {...submit}
      creates={resources.projects}
      description="A place for networks, file storage and instances. Members of its groups can work in it; the platform provisions it in the background."
    >
      <ProjectFields control={form.control} organizationID={organizationID} nameHint={NAME_HINT} />
    </FormPage>
  )
}
