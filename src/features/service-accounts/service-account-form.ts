import { z } from 'zod'
import type { ServiceAccount, ServiceAccountWrite } from '../../api/schemas/identity'
import { resourceName } from '../../lib/validation'

// Create and update take the same fields: a name, a description and the groups that decide what the token may do.

export const serviceAccountForm = z.object({
  name: resourceName,
  description: z.string().trim().max(1024, 'A description has at most 1024 characters.'),
  groupIDs: z.array(z.string()),
})

export type ServiceAccountValues = z.input<typeof serviceAccountForm>

export const createDefaults: ServiceAccountValues = { name: '', description: '', groupIDs: [] }

export function updateDefaults(account: ServiceAccount): ServiceAccountValues {
  return { name: account.metadata.name, description: account.metadata.description ?? '', groupIDs: account.spec.groupIDs }
}

export function toBody(values: ServiceAccountValues): ServiceAccountWrite {
  const description = values.description.trim()
  return { metadata: { name: values.name.trim(), ...(description ? { description } : {}) }, spec: { groupIDs: values.groupIDs } }
}

/** Maps a field path the platform names to the form field showing it. */
export function formFieldFor(apiPath: string): keyof ServiceAccountValues | undefined {
  if (apiPath === 'metadata.name') return 'name'
  if (apiPath === 'metadata.description') return 'description'
  if (/^spec\.groupIDs(\.\d+)?$/.test(apiPath)) return 'groupIDs'
  return undefined
}

export const DUPLICATE_NAME = 'A service account with this name already exists in this organization.'
