import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { markDeleted, newMeta, updatedMeta } from '../../platform/lifecycle.ts'
import { assertUniqueName } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { refuseWhileUsed } from '../../platform/usage.ts'
import { envelope } from '../../platform/validate.ts'
import { organizationResourceRoutes, orgScopedMetadata, pathOrganization } from './organizations.ts'

/**
 * An organization's own OAuth 2.0 / OIDC provider (its Okta, its Auth0). The client secret is written and never read
 * back (the document's read carries none, as the platform's answers): the local cloud signs nobody in through it, so
 * it keeps none.
 */
export interface OAuth2ProviderRecord {
  meta: ResourceMeta
  organizationId: string
  type?: ProviderType
  issuer: string
  clientID: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    oauth2Providers: OAuth2ProviderRecord
  }
}
registerTable('oauth2Providers', {})

const PROVIDER_TYPES = ['google', 'microsoft', 'github'] as const
type ProviderType = (typeof PROVIDER_TYPES)[number]

/** The document's oauth2ProviderWrite: the issuer and client id are required, the type and secret optional. */
const providerBody = envelope(
  z.object({
    type: z.enum(PROVIDER_TYPES).optional(),
    issuer: z.string().min(1),
    clientID: z.string().min(1),
    clientSecret: z.string().optional(),
  }),
)

function providerView(ctx: RequestContext, provider: OAuth2ProviderRecord) {
  return {
    metadata: orgScopedMetadata(provider.meta, provider.organizationId, ctx.now),
    spec: {
      ...(provider.type ? { type: provider.type } : {}),
      issuer: provider.issuer,
      clientID: provider.clientID,
    },
  }
}

async function readProvider(ctx: RequestContext) {
  const { metadata, spec } = await ctx.body(providerBody)
  return {
    meta: metadata,
    fields: { ...(spec.type ? { type: spec.type } : {}), issuer: spec.issuer, clientID: spec.clientID },
  }
}

function findProvider(ctx: RequestContext, organizationId: string): OAuth2ProviderRecord {
  const provider = ctx.store.oauth2Providers.get(ctx.params.providerID ?? '')
  if (!provider || provider.organizationId !== organizationId || provider.meta.goneAt !== undefined)
    throw notFound('oauth2 provider not found')
  return provider
}

const listProviders: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return listReply(
    [...ctx.store.oauth2Providers.values()].filter((p) => p.organizationId === org.id && p.meta.goneAt === undefined),
    (p) => providerView(ctx, p),
  )
}

const createProvider: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const { meta, fields } = await readProvider(ctx)
  assertUniqueName(ctx.store.oauth2Providers, 'oauth2 provider', { organizationId: org.id }, meta.name)
  // Usable at once: nothing is provisioned for a provider.
  const provider: OAuth2ProviderRecord = {
    meta: { ...newMeta(ctx, meta, randomUUID()), readyAt: ctx.now },
    organizationId: org.id,
    ...fields,
  }
  ctx.store.oauth2Providers.set(provider)
  return { status: 201, body: providerView(ctx, provider) }
}

/** The whole provider is replaced by what is written (a type left out is cleared); 200 with no body. */
const updateProvider: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const provider = findProvider(ctx, org.id)
  const { meta, fields } = await readProvider(ctx)
  const { type: _type, ...kept } = provider
  ctx.store.oauth2Providers.set({
    ...kept,
    ...fields,
    meta: { ...updatedMeta(ctx, provider.meta, meta), readyAt: provider.meta.readyAt },
  })
  return { status: 200 }
}

/** 200 with no body; 403 while the organization signs in through it. */
const deleteProvider: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const provider = findProvider(ctx, org.id)
  refuseWhileUsed(ctx.store, 'oauth2Providers', provider)
  markDeleted({ ...ctx, provisionMs: 0 }, ctx.store.oauth2Providers, provider)
  return { status: 200 }
}

/** An organization's identity providers: list, create, update and delete, as the identity document has them. */
export const oauth2ProviderRoutes = organizationResourceRoutes(
  'oauth2providers',
  'providerID',
  'identity:oauth2providers',
  { list: listProviders, create: createProvider, update: updateProvider, delete: deleteProvider },
)
