import { randomUUID } from 'node:crypto'
import { resourceRoutes, type Handler, type Reply, type RequestContext } from './context.ts'
import { filteredListReply, type Filterable, type FilterName } from './filters.ts'
import type { Endpoint, ItemOf, Operation, Requirement } from './requirement.ts'
import { markDeleted, newMeta, statusChangesAt } from './lifecycle.ts'
import { readableIn } from './permissions.ts'
import { findOwned } from './scope.ts'
import type { ResourceMeta } from './store/records.ts'
import type { Store, Table } from './store/store.ts'
import type { Tables } from './store/tables.ts'
import { refuseWhileUsed } from './usage.ts'
import { resources, singular, type Resource, type ResourceName } from '../../../src/lib/resources.ts'
import type { WriteMetadata } from './validate.ts'

type Regional = Filterable & { meta: ResourceMeta }

function* readable<T extends Regional>(items: Iterable<T>, inProject: (projectId: string) => boolean): Generator<T> {
  for (const item of items) if (inProject(item.projectId)) yield item
}

/** Where a regional resource lives: a project, and a region unless its row lives in a project alone. */
interface Placement {
  organizationId: string
  projectId: string
  regionId?: string
}

/**
 * A new regional record's metadata and placement. The platform keeps no regional name unique (its region and compute
 * services have no conflict check), so neither does the local cloud: the console's forms check their own lists.
 */
export function newRegional<P extends Placement>(
  ctx: RequestContext,
  metadata: WriteMetadata,
  placement: P,
): { meta: ResourceMeta } & P {
  return { meta: newMeta(ctx, metadata, randomUUID()), ...placement }
}

/**
 * What every resource of a project does alike: list through the platform's query filters (by region where its row
 * lives in one, by network too with `byNetwork`), read one by its path id within the caller's organization, both
 * through `view` as of the request's clock, and mark one deleted once nothing its row declares uses it
 * (`Resource.usedBy`). `find` loads the item for the resource's own update and delete. `name` is its table and its
 * row, whose `api` gives its collection, its path parameter and, first of its `acl`, the permission it needs.
 */
export function regionalResource<K extends keyof Tables & ResourceName, T extends Regional & Tables[K]>(
  name: K,
  view: (item: T, now: number) => unknown,
  options: {
    byNetwork?: boolean
    /** Listed by reservation too (a placement). */
    byReservation?: boolean
    /** Until when a listed item looks the same; by default until its status moves on by itself. */
    changesAt?: (item: T, now: number) => number
    /** How the list answers an organization filter outside the caller's access (see `filteredListReply`). */
    foreignOrganization?: 'null' | 'server_error'
  } = {},
) {
  const row = resources[name] as Resource
  const { collection, id: idParam, lives } = row.api!
  const endpoint = row.api!.permission as Endpoint
  const filters: FilterName[] = [
    'organizationID',
    'projectID',
    ...(lives === 'region' ? ['regionID' as const] : []),
    ...(options.byNetwork ? ['networkID' as const] : []),
    ...(options.byReservation ? ['reservationID' as const] : []),
  ]
  const table = (store: Store) => store[name] as unknown as Table<T>
  // As the not-found message names it: "file storage not found".
  const kind = singular(resources[name])
  const changesAt = options.changesAt ?? ((item: T, now: number) => statusChangesAt(item.meta, now))
  const find = (ctx: RequestContext): T => findOwned(table(ctx.store), ctx.params[idParam] ?? '', ctx.principal, kind)
  /** Only the items the caller may read, each in its own project. */
  const list: Handler = (ctx) =>
    filteredListReply(
      ctx,
      readable(table(ctx.store).values(), readableIn(ctx.store, ctx.principal, endpoint)),
      filters,
      (item) => view(item, ctx.now),
      (item) => changesAt(item, ctx.now),
      options.foreignOrganization,
    )
  const get: Handler = (ctx) => ({ status: 200, body: view(find(ctx), ctx.now) })
  /**
   * Marks `item` deleted (it reads as deprovisioning until it is gone), unless something its row declares still uses
   * it: then 403, naming each user.
   */
  const remove = (ctx: RequestContext, item: T = find(ctx)): Reply => {
    refuseWhileUsed(ctx.store, name, item)
    markDeleted(ctx, table(ctx.store), item)
    return { status: 202 }
  }
  const itemOf: ItemOf = (store, params) => table(store).get(params[idParam] ?? '')
  /**
   * Its routes under its collection, with the resource's own create and update (none where the platform has none),
   * and a delete that checks first.
   */
  const routes = (own: { create: Handler; update?: Handler; delete?: Handler }) =>
    resourceRoutes(
      collection,
      idParam,
      endpoint,
      { list, create: own.create, get, ...(own.update && { update: own.update }), delete: own.delete ?? remove },
      itemOf,
    )
  /** What an action on one item needs (`op` on its endpoint), checked in the item's own project. */
  const needs = (op: Operation): Requirement => ({ endpoint, op, item: itemOf })
  return { find, remove, routes, needs }
}
