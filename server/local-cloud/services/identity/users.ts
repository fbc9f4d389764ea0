import { randomUUID } from 'node:crypto'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import { markDeleted, updatedMeta } from '../../platform/scope.ts'
import type { ResourceMeta, UserRecord } from '../../platform/store/records.ts'
import {
  envelope,
  fieldError,
  oneOf,
  string,
  stringArray,
  writeMetadata,
  type WriteMetadata,
} from '../../platform/validate.ts'
import { checkGroupIds, orgScopedMetadata, pathOrganization } from './organization.ts'

const USER_STATES = ['active', 'pending', 'suspended'] as const
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function userView(ctx: RequestContext, user: UserRecord) {
  const groupIDs = [...ctx.store.groups.values()].filter((g) => g.userIDs.includes(user.meta.id)).map((g) => g.meta.id)
  return {
    metadata: orgScopedMetadata(user.meta, user.organizationId, ctx.now),
    spec: { subject: user.subject, state: user.state, groupIDs },
    // The spec spells it lastAcive, the platform lastActive: both, so either reader works.
    status: user.lastActive ? { lastActive: user.lastActive, lastAcive: user.lastActive } : {},
  }
}

function readUser(ctx: RequestContext, body: unknown, organizationId: string) {
  const { metadata, spec } = envelope(body, false)
  const meta = metadata === undefined ? undefined : writeMetadata(metadata)
  const subject = string(spec.subject, '/spec/subject')
  if (subject.length > 254 || !EMAIL.test(subject)) throw fieldError('/spec/subject', 'must be an e-mail address')
  const state = oneOf(spec.state, '/spec/state', USER_STATES)
  const groupIDs = stringArray(spec.groupIDs, '/spec/groupIDs', 100)
  checkGroupIds(ctx, organizationId, groupIDs, '/spec/groupIDs')
  return { meta, subject, state, groupIDs }
}

/** A user without metadata is named after the local part of its e-mail address. */
function nameFor(subject: string, meta: WriteMetadata | undefined): string {
  if (meta) return meta.name
  const local = (subject.split('@')[0] ?? '')
    .replace(/[^0-9A-Za-z._-]/g, '-')
    .replace(/^[^0-9A-Za-z]+|[^0-9A-Za-z]+$/g, '')
  return local.slice(0, 63).replace(/[^0-9A-Za-z]+$/, '') || 'user'
}

/** Group membership lives on the groups; a user's groupIDs are the groups that list it. */
export function setMembership(
  ctx: RequestContext,
  organizationId: string,
  member: string,
  groupIDs: string[],
  key: 'userIDs' | 'serviceAccountIDs',
): void {
  for (const group of ctx.store.groups.values()) {
    if (group.organizationId !== organizationId) continue
    const listed = group[key].includes(member)
    const wanted = groupIDs.includes(group.meta.id)
    if (listed && !wanted) group[key] = group[key].filter((id) => id !== member)
    if (!listed && wanted) group[key] = [...group[key], member]
  }
}

function assertUniqueSubject(ctx: RequestContext, organizationId: string, subject: string, exceptId?: string): void {
  const wanted = subject.toLowerCase()
  for (const user of ctx.store.users.values()) {
    if (
      user.organizationId === organizationId &&
      user.meta.id !== exceptId &&
      user.meta.goneAt === undefined &&
      user.subject.toLowerCase() === wanted
    ) {
      throw conflict('a user with this subject already exists in the organization')
    }
  }
}

function findUser(ctx: RequestContext, organizationId: string): UserRecord {
  const user = ctx.store.users.get(ctx.params.userID ?? '')
  if (!user || user.organizationId !== organizationId || user.meta.goneAt !== undefined)
    throw notFound('user not found')
  return user
}

export const listUsers: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return {
    status: 200,
    body: [...ctx.store.users.values()].filter((u) => u.organizationId === org.id).map((u) => userView(ctx, u)),
  }
}

export const createUser: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const input = readUser(ctx, await ctx.body(), org.id)
  assertUniqueSubject(ctx, org.id, input.subject)
  const user: UserRecord = {
    meta: {
      id: randomUUID(),
      name: nameFor(input.subject, input.meta),
      ...(input.meta?.description !== undefined ? { description: input.meta.description } : {}),
      ...(input.meta?.tags !== undefined ? { tags: input.meta.tags } : {}),
      creationTime: new Date(ctx.now).toISOString(),
      createdBy: ctx.principal.subject,
      readyAt: ctx.now,
    },
    organizationId: org.id,
    subject: input.subject,
    state: input.state,
  }
  ctx.store.users.set(user)
  setMembership(ctx, org.id, user.meta.id, input.groupIDs, 'userIDs')
  ctx.store.markDirty()
  return { status: 201, body: userView(ctx, user) }
}

/**
 * Metadata is optional on a user write: with it, the name, description and tags are replaced as on any resource
 * (tags left out are cleared); without it they stay. Users are ready at once, so an update never re-provisions.
 */
function metaAfterUpdate(ctx: RequestContext, meta: ResourceMeta, written: WriteMetadata | undefined): ResourceMeta {
  if (written) return { ...updatedMeta(ctx, meta, written), readyAt: meta.readyAt }
  return { ...meta, modifiedTime: new Date(ctx.now).toISOString(), modifiedBy: ctx.principal.subject }
}

export const updateUser: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const user = findUser(ctx, org.id)
  const input = readUser(ctx, await ctx.body(), org.id)
  assertUniqueSubject(ctx, org.id, input.subject, user.meta.id)
  const updated: UserRecord = {
    ...user,
    meta: metaAfterUpdate(ctx, user.meta, input.meta),
    subject: input.subject,
    state: input.state,
  }
  ctx.store.users.set(updated)
  setMembership(ctx, org.id, user.meta.id, input.groupIDs, 'userIDs')
  ctx.store.markDirty()
  return { status: 200, body: userView(ctx, updated) }
}

export const deleteUser: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const user = findUser(ctx, org.id)
  setMembership(ctx, org.id, user.meta.id, [], 'userIDs')
  markDeleted({ ...ctx, provisionMs: 0 }, ctx.store.users, user)
  return { status: 200 }
}
