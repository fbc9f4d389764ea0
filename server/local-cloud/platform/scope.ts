import type { Principal } from './auth.ts'
import type { RequestContext } from './context.ts'
import { ApiError, conflict, forbidden, notFound } from './errors.ts'
import type { ResourceMeta } from './store/records.ts'
import type { Store, Table } from './store/store.ts'
import { fieldError, string, type Json, type WriteMetadata } from './validate.ts'

/** The regional API's path ids: 1–63 lower-case letters, digits and hyphens, alphanumeric at both ends. */
const PATH_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export function checkPathIds(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (!PATH_ID.test(value)) {
      throw new ApiError(
        'invalid_request',
        `parameter "${name}" in path has an error: must be 1 to 63 lower-case letters, digits or hyphens, starting and ending with a letter or digit`,
      )
    }
  }
}

export function requireOrganizationAccess(principal: Principal, organizationId: string): void {
  if (organizationId !== principal.organizationId) throw forbidden('you do not have access to this organization')
}

/** Reads spec.organizationId (which must be the caller's) and spec.projectId (which must exist in it). */
export function projectScope(ctx: RequestContext, spec: Json): { organizationId: string; projectId: string } {
  const organizationId = string(spec.organizationId, '/spec/organizationId')
  const projectId = string(spec.projectId, '/spec/projectId')
  requireOrganizationAccess(ctx.principal, organizationId)
  const project = ctx.store.projects.get(projectId)
  if (!project || project.organizationId !== organizationId || project.meta.goneAt !== undefined) {
    throw fieldError('/spec/projectId', 'project does not exist in the organization')
  }
  return { organizationId, projectId }
}

export function requireRegion(store: Store, organizationId: string, regionId: string, path: string): void {
  if (!store.organizations.get(organizationId)?.regionIds.includes(regionId)) {
    throw fieldError(path, 'region does not exist or is not available to the organization')
  }
}

interface Owned {
  meta: ResourceMeta
  organizationId: string
}

/** A resource by path id; another organization's resource is as absent as a missing one. */
export function findOwned<T extends Owned>(table: Table<T>, id: string, principal: Principal, kind: string): T {
  const item = table.get(id)
  if (!item || item.organizationId !== principal.organizationId) throw notFound(`${kind} not found`)
  return item
}

/** Live (not being deleted) resources of one kind in the caller's organization. */
export function* live<T extends Owned>(table: Table<T>, organizationId?: string): Generator<T> {
  for (const item of table.values()) {
    if (item.meta.goneAt !== undefined) continue
    if (organizationId !== undefined && item.organizationId !== organizationId) continue
    yield item
  }
}

/** Names are unique per kind within a project (or organization, for identity resources). */
export function assertUniqueName<T extends { meta: ResourceMeta }>(
  items: Iterable<T>,
  name: string,
  kind: string,
  scope: string,
  exceptId?: string,
): void {
  for (const item of items) {
    if (item.meta.name === name && item.meta.id !== exceptId && item.meta.goneAt === undefined) {
      throw conflict(`a ${kind} named ${name} already exists in this ${scope}`)
    }
  }
}

export function newMeta(ctx: RequestContext, metadata: WriteMetadata, id: string): ResourceMeta {
  return {
    id,
    name: metadata.name,
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.tags !== undefined ? { tags: metadata.tags } : {}),
    creationTime: new Date(ctx.now).toISOString(),
    createdBy: ctx.principal.subject,
    readyAt: ctx.now + ctx.provisionMs,
  }
}

/** Applies new write metadata; an update re-provisions the resource. */
export function updatedMeta(ctx: RequestContext, meta: ResourceMeta, metadata: WriteMetadata): ResourceMeta {
  const { description: _d, tags: _t, ...rest } = meta
  return {
    ...rest,
    name: metadata.name,
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.tags !== undefined ? { tags: metadata.tags } : {}),
    modifiedTime: new Date(ctx.now).toISOString(),
    modifiedBy: ctx.principal.subject,
    readyAt: meta.failed ? meta.readyAt : ctx.now + ctx.provisionMs,
  }
}

/**
 * Deletion is asynchronous like the platform's: the resource reads as deprovisioning until the provisioning
 * delay has passed, then disappears. Deleting again while that runs is accepted and changes nothing.
 */
export function markDeleted<T extends { meta: ResourceMeta }>(ctx: RequestContext, table: Table<T>, item: T): void {
  if (item.meta.goneAt !== undefined) return
  if (ctx.provisionMs <= 0) {
    table.delete(item.meta.id)
  } else {
    item.meta = { ...item.meta, goneAt: ctx.now + ctx.provisionMs, deletionTime: new Date(ctx.now).toISOString() }
    ctx.store.scheduleSweep(item.meta.goneAt as number)
  }
  ctx.store.markDirty()
}

/** Describes the users of a resource for an "in use" message: "instances trainer-0 (id), …". */
export function describeUsers(groups: { kind: string; items: { meta: ResourceMeta }[] }[]): string {
  return groups
    .filter((g) => g.items.length > 0)
    .map((g) => `${g.kind} ${g.items.map((i) => `${i.meta.name} (${i.meta.id})`).join(', ')}`)
    .join('; ')
}
