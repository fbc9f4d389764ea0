// The identity API's organization OAuth 2.0 / OIDC providers ({identity_url}/api/v1/organizations/{organizationID}/
// oauth2providers): the organization's own Okta, Auth0 or Entra tenant its people sign in through.

import { z } from 'zod/mini'
import { lazySchema, organizationScopedMetadataSchema, writeMetadata } from './common'

export const PROVIDER_TYPES = ['google', 'microsoft', 'github'] as const

/**
 * The document's oauth2ProviderRead. Its spec requires the issuer, but the platform's answers have been seen without
 * it: read as optional. The client secret is never read back.
 */
export const oauth2ProviderSchema = lazySchema(() =>
  z.looseObject({
    metadata: organizationScopedMetadataSchema,
    spec: z.looseObject({
      type: z.optional(z.string()),
      issuer: z.optional(z.string()),
      clientID: z.string(),
    }),
  }),
)
export type OAuth2Provider = z.infer<typeof oauth2ProviderSchema>

/** The document's oauth2ProviderWrite: create and update take the whole provider, its secret included. */
export const oauth2ProviderWriteSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      type: z.optional(z.enum(PROVIDER_TYPES)),
      issuer: z.string(),
      clientID: z.string(),
      clientSecret: z.optional(z.string()),
    }),
  }),
)
export type OAuth2ProviderWrite = z.input<typeof oauth2ProviderWriteSchema>
