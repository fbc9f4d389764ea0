import type { Principal } from './auth.ts'
import type { RequestContext } from './context.ts'
import { conflict, forbidden, invalidRequest, notFound } from './errors.ts'
import type { ResourceMeta } from './store/records.ts'
import type { Store, Table } from './store/store.ts'

/** Who may see what: every principal administers exactly one organization, and sees nothing of another. */

export function requireOrganizationAccess(principal: Principal, organizationId: string): void {
  if (organizationId !== principal.organizationId) throw forbidden('you do not have access to this organization')
}

/** spec.organizationId must be the caller's, and spec.projectId a live project in it. */
export function projectScope(
  ctx: RequestContext,
  spec: { organizationId: string; projectId: string },
): { organizationId: string; projectId: string } {
  const { organizationId, projectId } = spec
  requireOrganizationAccess(ctx.principal, organizationId)
  const project = ctx.store.projects.get(projectId)
  if (!project || project.organizationId !== organizationId || project.meta.goneAt !== undefined) {
    throw invalidRequest('project does not exist in the organization')
  }
  return { organizationId, projectId }
}

export function requireRegion(store: Store, organizationId: string, regionId: string): void {
  if (!store.organizations.get(organizationId)?.regionIds.includes(regionId)) {
    throw invalidRequest('region does not exist or is not available to the organization')
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

/** Live (not being deleted) resources of one kind, of one organization when given. */
export function* live<T extends Owned>(table: Table<T>, organizationId?: string): Generator<T> {
  for (const item of table.values()) {
    if (item.meta.goneAt !== undefined) continue
    if (organizationId !== undefined && item.organizationId !== organizationId) continue
    yield item
  }
}

/**
 * Identity names are unique per kind within an organization, as the platform's identity service keeps them (its
 * regional names are not): no live record of `table` in `within` but `exceptId` is called `name`. Looked up by name,
 * so the cost does not grow with the table.
 */
export function assertUniqueName<T extends { meta: ResourceMeta; organizationId: string; projectId?: string }>(
  table: Table<T>,
  kind: string,
  within: { projectId: string } | { organizationId: string },
  name: string,
  exceptId?: string,
): void {
  const inScope =
    'projectId' in within
      ? (item: T) => item.projectId === within.projectId
      : (item: T) => item.organizationId === within.organizationId
  for (const item of table.named(name)) {
    if (item.meta.id !== exceptId && item.meta.goneAt === undefined && inScope(item)) {
      throw conflict(
        `a ${kind} named ${name} already exists in this ${'projectId' in within ? 'project' : 'organization'}`,
      )
    }
  }
}

/** Describes the users of a resource for an "in use" message: "instances trainer-0 (id), …". */
export function describeUsers(
  groups: { kind: string; items: { meta: Pick<ResourceMeta, 'id' | 'name'> }[] }[],
): string {
  return groups
    .filter((g) => g.items.length > 0)
    .map((g) => `${g.kind} ${g.items.map((i) => `${i.meta.name} (${i.meta.id})`).join(', ')}`)
    .join('; ')
}
