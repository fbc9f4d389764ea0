import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { invalidRequest, notFound } from '../../platform/errors.ts'
import { listReply, orNull } from '../../platform/filters.ts'
import { fixedMetadata, markDeleted, newMeta, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import { assertUniqueName } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { envelope, idList } from '../../platform/validate.ts'
import { ROLES, ROLES_CREATED } from '../../catalog/roles.ts'
import { organizationResourceRoutes, orgScopedMetadata, pathOrganization } from './organizations.ts'
import { registerTable } from '../../platform/store/tables.ts'

export interface GroupRecord {
  meta: ResourceMeta
  organizationId: string
  roleIDs: string[]
  userIDs: string[]
  serviceAccountIDs: string[]
  /** Members named by their identity provider rather than by a user record (the document's `subject`). */
  subjects?: Subject[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    groups: GroupRecord
  }
}
registerTable('groups', {})

const subject = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  issuer: z.string().min(1),
})
type Subject = z.output<typeof subject>

function groupView(group: GroupRecord, now: number) {
  return {
    metadata: orgScopedMetadata(group.meta, group.organizationId, now),
    spec: {
      roleIDs: group.roleIDs,
      userIDs: orNull(group.userIDs),
      serviceAccountIDs: group.serviceAccountIDs,
      subjects: orNull(group.subjects),
    },
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

/** The document's groupWrite: roleIDs and serviceAccountIDs are required, userIDs and subjects optional. */
const groupBody = envelope(
  z.object({
    roleIDs: idList(100, 'role is listed more than once'),
    serviceAccountIDs: idList(1000, 'service account is listed more than once'),
    userIDs: idList(1000, 'user is listed more than once').optional(),
    subjects: z.array(subject).max(1000).optional(),
  }),
)

const ROLE_IDS = new Set<string>(ROLES.map((role) => role.id))

/** Each id of a group's spec must name something the organization has. */
function checkMembers(ctx: RequestContext, organizationId: string, spec: z.output<typeof groupBody>['spec']): void {
  if (spec.roleIDs.some((id) => !ROLE_IDS.has(id))) throw invalidRequest('role does not exist')
  const live = (record: { organizationId: string; meta: ResourceMeta } | undefined) =>
    record !== undefined && record.organizationId === organizationId && record.meta.goneAt === undefined
  if ((spec.userIDs ?? []).some((id) => !live(ctx.store.users.get(id))))
    throw invalidRequest('user does not exist in the organization')
  if (spec.serviceAccountIDs.some((id) => !live(ctx.store.serviceAccounts.get(id))))
    throw invalidRequest('service account does not exist in the organization')
}

async function readGroup(ctx: RequestContext, organizationId: string) {
  const { metadata, spec } = await ctx.body(groupBody)
  checkMembers(ctx, organizationId, spec)
  return {
    meta: metadata,
    roleIDs: spec.roleIDs,
    userIDs: spec.userIDs ?? [],
    serviceAccountIDs: spec.serviceAccountIDs,
    ...(spec.subjects ? { subjects: spec.subjects } : {}),
  }
}

function findGroup(ctx: RequestContext, organizationId: string): GroupRecord {
  const group = ctx.store.groups.get(ctx.params.groupid ?? '')
  if (!group || group.organizationId !== organizationId || group.meta.goneAt !== undefined)
    throw notFound('group not found')
  return group
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
  return { status: 200, body: groupView(findGroup(ctx, org.id), ctx.now) }
}

/** 201 with the group, which is usable at once: a group is a record, nothing is provisioned. */
const createGroup: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const { meta, ...spec } = await readGroup(ctx, org.id)
  assertUniqueName(ctx.store.groups, 'group', { organizationId: org.id }, meta.name)
  const group: GroupRecord = {
    meta: { ...newMeta(ctx, meta, randomUUID()), readyAt: ctx.now },
    organizationId: org.id,
    ...spec,
  }
  ctx.store.groups.set(group)
  return { status: 201, body: groupView(group, ctx.now) }
}

/**
 * The whole group is replaced: roles, users, service accounts and subjects left out are removed. 200 with no body, as
 * the identity document answers; a name another group has is 409, as identity v1.18.0 lists for an update.
 */
const updateGroup: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const group = findGroup(ctx, org.id)
  const { meta, ...spec } = await readGroup(ctx, org.id)
  assertUniqueName(ctx.store.groups, 'group', { organizationId: org.id }, meta.name, group.meta.id)
  const { subjects: _dropped, ...kept } = group
  const updated: GroupRecord = {
    ...kept,
    ...spec,
    meta: { ...updatedMeta(ctx, group.meta, meta), readyAt: group.meta.readyAt },
  }
  ctx.store.groups.set(updated)
  return { status: 200 }
}

/**
 * 200 once gone. The projects that listed it stop listing it here, so that a later update of one of them is not
 * refused for naming a group that no longer exists.
 */
const deleteGroup: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const group = findGroup(ctx, org.id)
  for (const project of ctx.store.projects.values()) {
    if (project.organizationId !== org.id || !project.groupIDs.includes(group.meta.id)) continue
    ctx.store.projects.set({ ...project, groupIDs: project.groupIDs.filter((id) => id !== group.meta.id) })
  }
  markDeleted({ ...ctx, provisionMs: 0 }, ctx.store.groups, group)
  return { status: 200 }
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
  ...organizationResourceRoutes('groups', 'groupid', 'identity:groups', {
    list: listGroups,
    create: createGroup,
    get: getGroup,
    update: updateGroup,
    delete: deleteGroup,
  }),
  route('GET', `${org}/roles`, { endpoint: 'identity:roles', op: 'read' }, listRoles),
]
