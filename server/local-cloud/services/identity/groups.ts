import type { Handler } from '../../platform/context.ts'
import { ROLES, ROLES_CREATED } from '../../demo/roles.ts'
import { notFound } from '../../platform/errors.ts'
import type { GroupRecord } from '../../platform/store/records.ts'
import { orgScopedMetadata, pathOrganization } from './organization.ts'

function groupView(group: GroupRecord, now: number) {
  return {
    metadata: orgScopedMetadata(group.meta, group.organizationId, now),
    spec: { roleIDs: group.roleIDs, userIDs: group.userIDs, serviceAccountIDs: group.serviceAccountIDs },
  }
}

export const listGroups: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return {
    status: 200,
    body: [...ctx.store.groups.values()].filter((g) => g.organizationId === org.id).map((g) => groupView(g, ctx.now)),
  }
}

export const getGroup: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const group = ctx.store.groups.get(ctx.params.groupid ?? '')
  if (!group || group.organizationId !== org.id) throw notFound('group not found')
  return { status: 200, body: groupView(group, ctx.now) }
}

/** The platform's built-in roles, the same for every organization. */
export const listRoles: Handler = (ctx) => {
  pathOrganization(ctx)
  return {
    status: 200,
    body: ROLES.map((role) => ({
      metadata: {
        id: role.id,
        name: role.name,
        description: role.description,
        creationTime: ROLES_CREATED,
        provisioningStatus: 'provisioned',
        healthStatus: 'healthy',
      },
    })),
  }
}
