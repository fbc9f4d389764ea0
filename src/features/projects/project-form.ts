import { z } from 'zod'
import type { Project, ProjectCreate } from '../../api/schemas/identity'
import { resourceName } from '../../lib/validation'

// Create and update take the same fields: the project's name and description, and the groups whose members work in it.

export const projectForm = z.object({
  name: resourceName,
  description: z.string().trim().max(1024, 'A description has at most 1024 characters.'),
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
export function toBody(values: ProjectValues, tags?: { name: string; value: string }[]): ProjectCreate {
  const description = values.description.trim()
  return {
    metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags?.length ? { tags } : {}) },
    spec: { groupIDs: values.groupIDs },
  }
}

/** Maps a field path the platform names to the form field showing it. */
export function formFieldFor(apiPath: string): keyof ProjectValues | undefined {
  if (apiPath === 'metadata.name') return 'name'
  if (apiPath === 'metadata.description') return 'description'
  if (/^spec\.groupIDs(\.\d+)?$/.test(apiPath)) return 'groupIDs'
  return undefined
}

export const DUPLICATE_NAME = 'A project with this name already exists in this organization.'
