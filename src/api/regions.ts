// The organization's regions ({base_url}/api/v1/organizations/{organizationID}/regions, a platform extension): a
// module of its own, since the scope check reads them on every page, and the other catalogs' schemas stay out of the
// entry with it.

import { z } from 'zod/mini'
import { listEndpoint } from './endpoint'
import { seg } from './request'
import { lazySchema, readMetadataSchema } from './schemas/common'

export interface OrganizationScope {
  organizationID: string
}

export const regionSchema = lazySchema(() =>
  z.looseObject({
    metadata: readMetadataSchema,
    spec: z.optional(
      z.looseObject({
        type: z.optional(z.string()),
        features: z.optional(z.looseObject({ physicalNetworks: z.optional(z.boolean()) })),
      }),
    ),
  }),
)

// Regions change rarely; pickers on every create form read them.
export const regionApi = {
  list: listEndpoint({
    resource: 'regions',
    service: 'region',
    path: ({ organizationID }: OrganizationScope) => `/api/v1/organizations/${seg(organizationID)}/regions`,
    item: regionSchema,
    staleTime: 5 * 60_000,
  }),
}
