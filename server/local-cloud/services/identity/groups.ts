import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { invalidRequest, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { fixedMetadata, statusChangesAt } from '../../platform/lifecycle.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { idList } from '../../platform/validate.ts'
import { ROLES, ROLES_CREATED } from '../../catalog/roles.ts'
import { orgScopedMetadata, pathOrganization } from './organizations.ts'
import { registerTable } from '../../platform/store/tables.ts'

export interface GroupRecord {
  meta: ResourceMeta
  organizationId: string
  roleIDs: string[]
  userIDs: string[]
  serviceAccountIDs: string[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    groups: GroupRecord
  }
}
registerTable('groups', {})

function groupView(group: GroupRecord, now: number) {
  return {
    metadata: orgScopedMetadata(group.meta, group.organizationId, now),
    spec: { roleIDs: group.roleIDs, userIDs: group.userIDs, serviceAccountIDs: group.serviceAccountIDs },
  }
}

/** The groups a user, service account or project names: at most 100, each once. */
export const groupIDs = idList(100, 'group is listed more than once')

/** Every group id must name a group of the organization. */
export function checkGroupIds(ctx: RequestContext, organizationId: string, ids: readonly string[]): void {
  for (const id of ids) {
    const group = ctx.store.groups.get(id)
    if (!group || group.organizationId !== organizationId)
      throw invalidRequest('group does not exist in the organization')
  }
}

/** Group membership lives on the groups; a member's groupIDs are the groups that list it. */
export function setMembership(
  ctx: RequestContext,
  organizationId: string,
  member: string,
  ids: readonly string[],
  key: 'userIDs' | 'serviceAccountIDs',
): void {
  for (const group of ctx.store.groups.values()) {
    if (group.organizationId !== organizationId) continue
    const listed = group[key].includes(member)
    const wanted = ids.includes(group.meta.id)
    if (listed && !wanted) ctx.store.groups.set({ ...group, [key]: group[key].filter((id) => id !== member) })
    if (!listed && wanted) ctx.store.groups.set({ ...group, [key]: [...group[key], member] })
  }
}

/** The groups of which `member` is one, by id. */
export function groupsOf(ctx: RequestContext, member: string, key: 'userIDs' | 'serviceAccountIDs'): string[] {
  return [...ctx.store.groups.values()].filter((g) => g[key].includes(member)).map((g) => g.meta.id)
}

const listGroups: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return listReply(
    [...ctx.store.groups.values()].filter((g) => g.organizationId === org.id),
    (g) => groupView(g, ctx.now),
    (g) => statusChangesAt(g.meta, ctx.now),
  )
}

const getGroup: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const group = ctx.store.groups.get(ctx.params.groupid ?? '')
  if (!group || group.organizationId !== org.id) throw notFound('group not found')
  return { status: 200, body: groupView(group, ctx.now) }
}

/** The platform's built-in roles, the same for every organization. */
const listRoles: Handler = (ctx) => {
  pathOrganization(ctx)
  return listReply(ROLES, (role) => ({
    metadata: fixedMetadata(role, ROLES_CREATED),
  }))
}

const org = '/api/v1/organizations/:organizationID'
/** An organization's groups, and the roles they grant. */
export const groupRoutes = [
  route('GET', `${org}/groups`, { endpoint: 'identity:groups', op: 'read' }, listGroups),
  route('GET', `${org}/groups/:groupid`, { endpoint: 'identity:groups', op: 'read' }, getGroup),
  route('GET', `${org}/roles`, { endpoint: 'identity:roles', op: 'read' }, listRoles),
]
