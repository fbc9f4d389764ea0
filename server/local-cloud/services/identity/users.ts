import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { conflict, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { markDeleted, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { writeMetadata, type WriteMetadata } from '../../platform/validate.ts'
import { checkGroupIds, groupIDs, groupsOf, setMembership } from './groups.ts'
import { organizationResourceRoutes, orgScopedMetadata, pathOrganization } from './organizations.ts'
import { registerTable } from '../../platform/store/tables.ts'

export type UserState = 'active' | 'pending' | 'suspended'

export interface UserRecord {
  meta: ResourceMeta
  organizationId: string
  subject: string
  state: UserState
  lastActive?: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    users: UserRecord
  }
}
registerTable('users', {})

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Metadata is optional on a user write: a user without it is named after its e-mail address. */
const userBody = z.object({
  metadata: writeMetadata.optional(),
  spec: z.object({
    subject: z
      .string()
      .refine((subject) => subject.length <= 254 && EMAIL.test(subject), { error: 'must be an e-mail address' }),
    state: z.enum(['active', 'pending', 'suspended']),
    groupIDs,
  }),
})

function userView(ctx: RequestContext, user: UserRecord) {
  return {
    // The platform answers every user's name as the string "undefined" (it keeps none), whatever was written.
    metadata: { ...orgScopedMetadata(user.meta, user.organizationId, ctx.now), name: 'undefined' },
    spec: { subject: user.subject, state: user.state, groupIDs: groupsOf(ctx, user.meta.id, 'userIDs') },
    // The platform's spelling (the spec's is lastAcive).
    status: user.lastActive ? { lastActive: user.lastActive } : {},
  }
}

async function readUser(ctx: RequestContext, organizationId: string) {
  const { metadata, spec } = await ctx.body(userBody)
  checkGroupIds(ctx, organizationId, spec.groupIDs)
  return { meta: metadata, ...spec }
}

/** A user without metadata is named after the local part of its e-mail address. */
function nameFor(subject: string, meta: WriteMetadata | undefined): string {
  if (meta) return meta.name
  const local = (subject.split('@')[0] ?? '')
    .replace(/[^0-9A-Za-z._-]/g, '-')
    .replace(/^[^0-9A-Za-z]+|[^0-9A-Za-z]+$/g, '')
  return local.slice(0, 63).replace(/[^0-9A-Za-z]+$/, '') || 'user'
}

function assertUniqueSubject(ctx: RequestContext, organizationId: string, subject: string, exceptId?: string): void {
  const wanted = subject.toLowerCase()
  for (const user of ctx.store.users.values()) {
    if (
      user.meta.id !== exceptId &&
      user.organizationId === organizationId &&
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

const listUsers: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return listReply(
    [...ctx.store.users.values()].filter((u) => u.organizationId === org.id),
    (u) => userView(ctx, u),
    (u) => statusChangesAt(u.meta, ctx.now),
  )
}

const createUser: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const input = await readUser(ctx, org.id)
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

/** 200 with the user; a subject another user has is 409, on an update too (identity v1.18.0). */
const updateUser: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const user = findUser(ctx, org.id)
  const input = await readUser(ctx, org.id)
  assertUniqueSubject(ctx, org.id, input.subject, user.meta.id)
  const updated: UserRecord = {
    ...user,
    meta: metaAfterUpdate(ctx, user.meta, input.meta),
    subject: input.subject,
    state: input.state,
  }
  ctx.store.users.set(updated)
  setMembership(ctx, org.id, user.meta.id, input.groupIDs, 'userIDs')
  return { status: 200, body: userView(ctx, updated) }
}

const deleteUser: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const user = findUser(ctx, org.id)
  setMembership(ctx, org.id, user.meta.id, [], 'userIDs')
  markDeleted({ ...ctx, provisionMs: 0 }, ctx.store.users, user)
  return { status: 200 }
}

/** An organization's users. */
export const userRoutes = organizationResourceRoutes('users', 'userID', 'identity:users', {
  list: listUsers,
  create: createUser,
  update: updateUser,
  delete: deleteUser,
})
