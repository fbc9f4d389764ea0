import { z } from 'zod/mini'
import type { Project, ProjectCreate } from '../../api/schemas/identity'
import type { Tag } from '../../api/request'
import { formWrite, pathsOf, type Wire } from '../../lib/form-wire'
import { projectApi } from '../../api/identity'
import { resourceName, resourceDescription } from '../../lib/validation'

// Create and update take the same fields: the project's name and description, and the groups whose members work in it.

export const projectForm = z.object({
  name: resourceName,
  description: resourceDescription,
  groupIDs: z.array(z.string()),
})

export type ProjectValues = z.input<typeof projectForm>

export const createDefaults: ProjectValues = { name: '', description: '', groupIDs: [] }

export function updateDefaults(project: Project): ProjectValues {
  return {
    name: project.metadata.name,
    description: project.metadata.description ?? '',
    groupIDs: project.spec.groupIDs,
  }
}

/** Tags are not edited here, so an update sends back the ones the project has rather than dropping them. */
export function toWire(values: ProjectValues, tags: Tag[] = []): Wire<ProjectCreate, ProjectValues> {
  const description = values.description.trim()
  return {
    body: {
      metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
      spec: { groupIDs: values.groupIDs },
    },
    pathOf: pathsOf({ 'metadata.name': 'name', 'metadata.description': 'description', 'spec.groupIDs': 'groupIDs' }),
  }
}

export const projectCreate = formWrite({
  schema: projectForm,
  endpoint: projectApi.create,
  wire: (values) => toWire(values),
})
