import { z } from 'zod'
import type { ServiceAccount, ServiceAccountWrite } from '../../api/schemas/identity'
import { resourceName, tagFieldFor, tagRows, tagsFromRows, type TagField } from '../../lib/validation'

// Create and update take the same fields: a name, a description, the groups that decide what the token may do, and
// tags, the labels admins sort accounts by (team=ml, owner=…).

export const serviceAccountForm = z.object({
  name: resourceName,
  description: z.string().trim().max(1024, 'A description has at most 1024 characters.'),
  groupIDs: z.array(z.string()),
  tags: tagRows,
})

export type ServiceAccountValues = z.input<typeof serviceAccountForm>

export const createDefaults: ServiceAccountValues = { name: '', description: '', groupIDs: [], tags: [] }

export function updateDefaults(account: ServiceAccount): ServiceAccountValues {
  return {
    name: account.metadata.name,
    description: account.metadata.description ?? '',
    groupIDs: account.spec.groupIDs,
    tags: (account.metadata.tags ?? []).map((tag) => ({ name: tag.name, value: tag.value })),
  }
}

/** An update replaces the metadata whole: tags left out are cleared, so the body always says what stays. */
export function toBody(values: ServiceAccountValues): ServiceAccountWrite {
  const description = values.description.trim()
  const tags = tagsFromRows(values.tags)
  return {
    metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
    spec: { groupIDs: values.groupIDs },
  }
}

/**
 * Maps a field path the platform names to the form field showing it. Blank tag rows are not sent, so the platform's
 * tag index ("metadata.tags.1.value") is counted among the rows that were: `rows` are the tag rows as submitted.
 */
export function formFieldFor(
  apiPath: string,
  rows: ServiceAccountValues['tags'],
): 'name' | 'description' | 'groupIDs' | TagField | undefined {
  if (apiPath === 'metadata.name') return 'name'
  if (apiPath === 'metadata.description') return 'description'
  if (/^spec\.groupIDs(\.\d+)?$/.test(apiPath)) return 'groupIDs'
  return tagFieldFor(apiPath, rows)
}

export const DUPLICATE_NAME = 'A service account with this name already exists in this organization.'
