import { z } from 'zod/mini'
import type { ServiceAccount, ServiceAccountWrite } from '../../api/schemas/identity'
import { formWrite, metadataDefaults, metadataOf, pathsOf, type Wire } from '../../lib/form-wire'
import { serviceAccountApi } from '../../api/identity'
import { metadataFields } from '../../lib/validation'

// Create and update take the same fields: a name, a description, the groups that decide what the token may do, and
// tags, the labels admins sort accounts by (team=ml, owner=…).

export const serviceAccountForm = z.object({ ...metadataFields, groupIDs: z.array(z.string()) })

export type ServiceAccountValues = z.input<typeof serviceAccountForm>

export const createDefaults: ServiceAccountValues = { name: '', description: '', groupIDs: [], tags: [] }

export function updateDefaults(account: ServiceAccount): ServiceAccountValues {
  return { ...metadataDefaults(account.metadata), groupIDs: account.spec.groupIDs }
}

/** An update replaces the metadata whole: tags left out are cleared, so the body always says what stays. */
export function toWire(values: ServiceAccountValues): Wire<ServiceAccountWrite, ServiceAccountValues> {
  const { metadata, fields, tagPaths } = metadataOf<ServiceAccountValues>(values)
  return {
    body: { metadata, spec: { groupIDs: values.groupIDs } },
    pathOf: pathsOf({ ...fields, 'spec.groupIDs': 'groupIDs' }, [tagPaths]),
  }
}

export const serviceAccountCreate = formWrite({
  schema: serviceAccountForm,
  endpoint: serviceAccountApi.create,
  wire: toWire,
})
