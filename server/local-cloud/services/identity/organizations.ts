import * as z from 'zod'
import { resourceRoutes, route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, forbidden } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { fixedMetadata, readMetadata } from '../../platform/lifecycle.ts'
import type { Endpoint } from '../../platform/requirement.ts'
import type { OrganizationRecord, ResourceMeta } from '../../platform/store/records.ts'
import { registerOrganization } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'

// The organization signs in through one of its own identity providers when its scope says so: that provider cannot
// be deleted while it does (`usedBy` of the oauth2Providers row). A built-in provider's id names no provider of its.
registerOrganization({
  providerID: (org) => (org.providerScope === 'organization' && org.providerID ? [org.providerID] : []),
})

/** The organization in the path, which must be the caller's own (403 otherwise, as the platform's RBAC answers). */
export function pathOrganization(ctx: RequestContext): OrganizationRecord {
  const id = ctx.params.organizationID ?? ''
  const org = ctx.store.organizations.get(id)
  if (!org || id !== ctx.principal.organizationId) throw forbidden('you do not have access to this organization')
  return org
}

function organizationView(org: OrganizationRecord) {
  return {
    metadata: {
      ...fixedMetadata(org, org.creationTime),
      ...(org.modifiedTime ? { modifiedTime: org.modifiedTime } : {}),
    },
    spec: {
      organizationType: org.organizationType ?? 'domain',
      ...(org.domain ? { domain: org.domain } : {}),
      ...(org.providerScope ? { providerScope: org.providerScope } : {}),
      ...(org.providerID ? { providerID: org.providerID } : {}),
    },
  }
}

const HOSTNAME =
  /^(?=.{1,253}$)[0-9A-Za-z](?:[0-9A-Za-z-]{0,61}[0-9A-Za-z])?(?:\.[0-9A-Za-z](?:[0-9A-Za-z-]{0,61}[0-9A-Za-z])?)*$/

/** The document's organizationWrite: the type is required; the domain, when given, is a hostname. */
const organizationBody = envelope(
  z.object({
    organizationType: z.enum(['adhoc', 'domain']),
    domain: z.string().regex(HOSTNAME, { error: 'must be a hostname' }).optional(),
    providerScope: z.enum(['global', 'organization']).optional(),
    providerID: z.string().optional(),
    googleCustomerID: z.string().optional(),
  }),
)

/** Read metadata of organization-scoped identity resources. */
export function orgScopedMetadata(meta: ResourceMeta, organizationId: string, now: number) {
  return { ...readMetadata(meta, now, { createdBy: false }), organizationId }
}

/** The organizations the caller belongs to: exactly one for every principal of the local cloud. */
const listOrganizations: Handler = (ctx) => {
  const org = ctx.store.organizations.get(ctx.principal.organizationId)
  return listReply(org ? [org] : [], organizationView)
}

const getOrganization: Handler = (ctx) => ({ status: 200, body: organizationView(pathOrganization(ctx)) })

/**
 * A domain organization maps an address's domain to its provider: the identity service reads its provider scope and
 * id without checking them, and fails (500, the only refusal its document lists for this write beside 401 and 403)
 * when they are missing. The local cloud refuses the same writes, with the words the platform would owe.
 */
function refuseDomainWithoutProvider(spec: {
  organizationType: string
  domain?: string
  providerScope?: string
  providerID?: string
}) {
  if (spec.organizationType !== 'domain') return
  const missing = [
    !spec.domain && 'domain',
    !spec.providerScope && 'providerScope',
    !spec.providerID && 'providerID',
  ].filter(Boolean)
  if (missing.length)
    throw new CloudError(
      'server_error',
      `failed to update organization: a domain organization needs ${missing.join(', ')}`,
    )
}

/**
 * The whole organization is replaced by what is written (provider settings left out are cleared). 200 with no body,
 * as the identity document answers: the caller reads the organization again.
 */
const updateOrganization: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const { metadata, spec } = await ctx.body(organizationBody)
  refuseDomainWithoutProvider(spec)
  const { providerScope: _s, providerID: _p, ...kept } = org
  const updated: OrganizationRecord = {
    ...kept,
    name: metadata.name,
    description: metadata.description ?? '',
    organizationType: spec.organizationType,
    domain: spec.domain ?? '',
    ...(spec.providerScope ? { providerScope: spec.providerScope } : {}),
    ...(spec.providerID ? { providerID: spec.providerID } : {}),
    modifiedTime: new Date(ctx.now).toISOString(),
  }
  ctx.store.setOrganization(updated)
  return { status: 200 }
}

const org = '/api/v1/organizations/:organizationID'

/** A read-write resource of an organization (`users`, `projects`): resourceRoutes under the organization's path. */
export function organizationResourceRoutes(
  collection: string,
  idParam: string,
  endpoint: Endpoint,
  handlers: Parameters<typeof resourceRoutes>[3],
  itemOf?: Parameters<typeof resourceRoutes>[4],
) {
  return resourceRoutes(`${org}/${collection}`, idParam, endpoint, handlers, itemOf)
}
const ORGANIZATIONS = { endpoint: 'identity:organizations', op: 'read' } as const
/** The organizations a caller may see. */
export const organizationRoutes = [
  route('GET', '/api/v1/organizations', ORGANIZATIONS, listOrganizations),
  route('GET', org, ORGANIZATIONS, getOrganization),
  route('PUT', org, { endpoint: 'identity:organizations', op: 'update' }, updateOrganization),
]
