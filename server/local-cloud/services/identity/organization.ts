import type { RequestContext } from '../../platform/context.ts'
import { forbidden } from '../../platform/errors.ts'
import { readMetadata } from '../../platform/lifecycle.ts'
import type { OrganizationRecord, ResourceMeta } from '../../platform/store/records.ts'
import { fieldError } from '../../platform/validate.ts'

/** The organization in the path, which must be the caller's own (403 otherwise, as the platform's RBAC answers). */
export function pathOrganization(ctx: RequestContext): OrganizationRecord {
  const id = ctx.params.organizationID ?? ''
  const org = ctx.store.organizations.get(id)
  if (!org || id !== ctx.principal.organizationId) throw forbidden('you do not have access to this organization')
  return org
}

export function organizationView(org: OrganizationRecord) {
  return {
    metadata: {
      id: org.id,
      name: org.name,
      description: org.description,
      creationTime: org.creationTime,
      provisioningStatus: 'provisioned',
      healthStatus: 'healthy',
    },
    spec: { organizationType: 'domain', domain: org.domain },
  }
}

/** Read metadata of organization-scoped identity resources. */
export function orgScopedMetadata(meta: ResourceMeta, organizationId: string, now: number) {
  return { ...readMetadata(meta, now, { createdBy: false }), organizationId }
}

/** Every group id must name a group of the organization. */
export function checkGroupIds(ctx: RequestContext, organizationId: string, groupIDs: string[], path: string): void {
  const seen = new Set<string>()
  groupIDs.forEach((id, i) => {
    const group = ctx.store.groups.get(id)
    if (!group || group.organizationId !== organizationId)
      throw fieldError(`${path}/${i}`, 'group does not exist in the organization')
    if (seen.has(id)) throw fieldError(`${path}/${i}`, 'group is listed more than once')
    seen.add(id)
  })
}
