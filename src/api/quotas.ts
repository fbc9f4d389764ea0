// Organization quotas ({identity_url}/api/v1/organizations/{organizationID}/quotas): the platform provider's limits
// and what the organization uses of them. Read-only for the console. The platform's services allocate against them,
// so a write that changes an allocation (a network's, instance's or file storage's create and delete, an instance's
// or file storage's update) invalidates `['quotas']` in its own table: the create forms' quota lines read them.

import { z } from 'zod/mini'
import { transformed } from './schemas/common'
import { organizationRead } from './identity'

const quotaSchema = z.looseObject({
  kind: z.string(),
  quantity: z.number(),
  used: z.number(),
  free: z.optional(z.number()),
  displayName: z.optional(z.string()),
  description: z.optional(z.string()),
})

export const quotaApi = {
  list: organizationRead('quotas', {
    op: 'list',
    // `null` for the list reads as none, as every list does.
    read: transformed(z.looseObject({ quotas: z.nullish(z.array(quotaSchema)) }), (answer) => answer.quotas ?? []),
  }),
}
