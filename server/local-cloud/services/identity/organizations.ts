import { resourceRoutes, route, type Handler, type RequestContext } from '../../platform/context.ts'
import { forbidden } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { fixedMetadata, readMetadata } from '../../platform/lifecycle.ts'
import type { Endpoint } from '../../platform/requirement.ts'
import type { OrganizationRecord, ResourceMeta } from '../../platform/store/records.ts'

/** The organization in the path, which must be the caller's own (403 otherwise, as the platform's RBAC answers). */
export function pathOrganization(ctx: RequestContext): OrganizationRecord {
  const id = ctx.params.organizationID ?? ''
  const org = ctx.store.organizations.get(id)
  if (!org || id !== ctx.principal.organizationId) throw forbidden('you do not have access to this organization')
  return org
}

function organizationView(org: OrganizationRecord) {
  return {
    metadata: fixedMetadata(org, org.creationTime),
    spec: { organizationType: 'domain', domain: org.domain },
  }
}

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
]
