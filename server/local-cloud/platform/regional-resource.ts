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
import { resources, singular, type ResourceName } from '../../../src/lib/resources.ts'
import type { WriteMetadata } from './validate.ts'

type Regional = Filterable & { meta: ResourceMeta }

function* readable<T extends Regional>(items: Iterable<T>, inProject: (projectId: string) => boolean): Generator<T> {
  for (const item of items) if (inProject(item.projectId)) yield item
}

/** Where a regional resource lives. */
interface Placement {
  organizationId: string
  projectId: string
  regionId: string
}

/**
 * A new regional record's metadata and placement. The platform keeps no regional name unique (its region and compute
 * services have no conflict check), so neither does the local cloud: the console's forms check their own lists.
 */
export function newRegional(
  ctx: RequestContext,
  metadata: WriteMetadata,
  placement: Placement,
): { meta: ResourceMeta } & Placement {
  return { meta: newMeta(ctx, metadata, randomUUID()), ...placement }
}

/**
 * What every regional resource does alike: list through the platform's query filters (by network too, with
 * `byNetwork`), read one by its path id within the caller's organization, both through `view` as of the request's
 * clock, and mark one deleted once nothing its row declares uses it (`Resource.usedBy`). `find` loads the item for the
 * resource's own update and delete. `name` is both its table and its row.
 */
export function regionalResource<K extends keyof Tables & ResourceName, T extends Regional & Tables[K]>(
  name: K,
  idParam: string,
  view: (item: T, now: number) => unknown,
  options: {
    byNetwork?: boolean
    /** Until when a listed item looks the same; by default until its status moves on by itself. */
    changesAt?: (item: T, now: number) => number
    /** How the list answers an organization filter outside the caller's access (see `filteredListReply`). */
    foreignOrganization?: 'null' | 'server_error'
  } = {},
) {
  const filters: FilterName[] = [
    'organizationID',
    'projectID',
    'regionID',
    ...(options.byNetwork ? ['networkID' as const] : []),
  ]
  const table = (store: Store) => store[name] as unknown as Table<T>
  // As the not-found message names it: "file storage not found".
  const kind = singular(resources[name])
  const changesAt = options.changesAt ?? ((item: T, now: number) => statusChangesAt(item.meta, now))
  const find = (ctx: RequestContext): T => findOwned(table(ctx.store), ctx.params[idParam] ?? '', ctx.principal, kind)
  /** Only the items the caller may read, each in its own project. */
  const list =
    (endpoint: Endpoint): Handler =>
    (ctx) =>
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
  /** Its routes under `collection`, with the resource's own create and update, and a delete that checks first. */
  const routes = (
    collection: string,
    endpoint: Endpoint,
    own: { create: Handler; update: Handler; delete?: Handler },
  ) =>
    resourceRoutes(
      collection,
      idParam,
      endpoint,
      { list: list(endpoint), create: own.create, get, update: own.update, delete: own.delete ?? remove },
      itemOf,
    )
  /** What an action on one item needs (`op` on `endpoint`), checked in the item's own project. */
  const needs = (endpoint: Endpoint, op: Operation): Requirement => ({ endpoint, op, item: itemOf })
  return { find, remove, routes, needs }
}
