// Organization quotas ({identity_url}/api/v1/organizations/{organizationID}/quotas): the platform provider's limits
// and what the organization uses of them. Read-only for the console.

import { z } from 'zod'
import type { OrganizationScope } from './catalogs'
import { endpoint } from './endpoint'
import { seg } from './request'

const quotaSchema = z.looseObject({
  kind: z.string(),
  quantity: z.number(),
  used: z.number(),
  free: z.number().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
})
export type Quota = z.infer<typeof quotaSchema>

export const quotaApi = {
  list: endpoint({
    resource: 'quotas',
    op: 'list',
    service: 'identity',
    method: 'GET',
    path: ({ organizationID }: OrganizationScope) => `/api/v1/organizations/${seg(organizationID)}/quotas`,
    // `null` for the list reads as none, as every list does.
    read: z.looseObject({ quotas: z.array(quotaSchema).nullish() }).transform((answer) => answer.quotas ?? []),
  }),
}
