import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { hashToken, newToken } from '../../platform/auth.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { markDeleted, newMeta, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import { assertUniqueName } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { envelope } from '../../platform/validate.ts'
import { checkGroupIds, groupIDs, groupsOf, setMembership } from './groups.ts'
import { organizationResourceRoutes, orgScopedMetadata, pathOrganization } from './organizations.ts'
import { registerTable } from '../../platform/store/tables.ts'

export interface ServiceAccountRecord {
  meta: ResourceMeta
  organizationId: string
  expiry: string
  /** SHA-256 of the current access token; the token itself is shown once and never kept. */
  tokenHash: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    serviceAccounts: ServiceAccountRecord
  }
}
registerTable('serviceAccounts', {})

/** Service-account tokens last 90 days, like the platform's. */
const TOKEN_LIFETIME_MS = 90 * 24 * 3_600_000

function serviceAccountView(ctx: RequestContext, account: ServiceAccountRecord, accessToken?: string) {
  return {
    metadata: orgScopedMetadata(account.meta, account.organizationId, ctx.now),
    spec: { groupIDs: groupsOf(ctx, account.meta.id, 'serviceAccountIDs') },
    status: { expiry: account.expiry, ...(accessToken !== undefined ? { accessToken } : {}) },
  }
}

const serviceAccountBody = envelope(z.object({ groupIDs }))

async function readServiceAccount(ctx: RequestContext, organizationId: string) {
  const { metadata, spec } = await ctx.body(serviceAccountBody)
  checkGroupIds(ctx, organizationId, spec.groupIDs)
  return { meta: metadata, groupIDs: spec.groupIDs }
}

function findServiceAccount(ctx: RequestContext, organizationId: string): ServiceAccountRecord {
  const account = ctx.store.serviceAccounts.get(ctx.params.serviceAccountID ?? '')
  if (!account || account.organizationId !== organizationId || account.meta.goneAt !== undefined)
    throw notFound('service account not found')
  return account
}

/** A fresh token, returned once, and the fields that keep only its hash; any previous token stops working. */
function issueToken(ctx: RequestContext): {
  token: string
  fields: Pick<ServiceAccountRecord, 'tokenHash' | 'expiry'>
} {
  const token = newToken('sa')
  return { token, fields: { tokenHash: hashToken(token), expiry: new Date(ctx.now + TOKEN_LIFETIME_MS).toISOString() } }
}

const listServiceAccounts: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  return listReply(
    [...ctx.store.serviceAccounts.values()].filter((a) => a.organizationId === org.id),
    (a) => serviceAccountView(ctx, a),
    (a) => statusChangesAt(a.meta, ctx.now),
  )
}

/**
 * 201 with the account and its token. The identity document lists no 409 for a service account's create, so a name
 * another account has is taken as it is (the console checks its list first); an update to one is 409 (v1.18.0).
 */
const createServiceAccount: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const { meta, groupIDs } = await readServiceAccount(ctx, org.id)
  const { token, fields } = issueToken(ctx)
  const account: ServiceAccountRecord = {
    // A service account is usable at once: no provisioning.
    meta: { ...newMeta(ctx, meta, randomUUID()), readyAt: ctx.now },
    organizationId: org.id,
    ...fields,
  }
  ctx.store.serviceAccounts.set(account)
  setMembership(ctx, org.id, account.meta.id, groupIDs, 'serviceAccountIDs')
  ctx.store.onTokensChanged()
  return { status: 201, body: serviceAccountView(ctx, account, token) }
}

const updateServiceAccount: Handler = async (ctx) => {
  const org = pathOrganization(ctx)
  const account = findServiceAccount(ctx, org.id)
  const { meta, groupIDs } = await readServiceAccount(ctx, org.id)
  assertUniqueName(ctx.store.serviceAccounts, 'service account', { organizationId: org.id }, meta.name, account.meta.id)
  const updated = { ...account, meta: { ...updatedMeta(ctx, account.meta, meta), readyAt: account.meta.readyAt } }
  ctx.store.serviceAccounts.set(updated)
  setMembership(ctx, org.id, account.meta.id, groupIDs, 'serviceAccountIDs')
  return { status: 200, body: serviceAccountView(ctx, updated) }
}

const rotateServiceAccount: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const account = findServiceAccount(ctx, org.id)
  const { token, fields } = issueToken(ctx)
  const rotated = { ...account, ...fields }
  ctx.store.serviceAccounts.set(rotated)
  ctx.store.onTokensChanged()
  return { status: 200, body: serviceAccountView(ctx, rotated, token) }
}

const deleteServiceAccount: Handler = (ctx) => {
  const org = pathOrganization(ctx)
  const account = findServiceAccount(ctx, org.id)
  setMembership(ctx, org.id, account.meta.id, [], 'serviceAccountIDs')
  markDeleted({ ...ctx, provisionMs: 0 }, ctx.store.serviceAccounts, account)
  ctx.store.onTokensChanged()
  return { status: 200 }
}

const org = '/api/v1/organizations/:organizationID'
/** An organization's service accounts. */
export const serviceAccountRoutes = [
  ...organizationResourceRoutes('serviceaccounts', 'serviceAccountID', 'identity:serviceaccounts', {
    list: listServiceAccounts,
    create: createServiceAccount,
    update: updateServiceAccount,
    delete: deleteServiceAccount,
  }),
  route(
    'POST',
    `${org}/serviceaccounts/:serviceAccountID/rotate`,
    { endpoint: 'identity:serviceaccounts', op: 'update' },
    rotateServiceAccount,
  ),
]
