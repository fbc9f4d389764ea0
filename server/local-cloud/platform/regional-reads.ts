import type { Handler, RequestContext } from './context.ts'
import { filteredListReply, type Filterable, type FilterName } from './filters.ts'
import { statusChangesAt } from './lifecycle.ts'
import { findOwned } from './scope.ts'
import type { ResourceMeta } from './store/records.ts'
import type { Table } from './store/store.ts'

type Regional = Filterable & { meta: ResourceMeta }

/**
 * How the regional API reads one of its resources: list it through the platform's query filters, read one by its path
 * id within the caller's organization, both through the resource's view as of the request's clock. `find` loads the
 * item for the resource's own update and delete.
 */
export function regionalReads<T extends Regional>(resource: {
  table: (ctx: RequestContext) => Table<T>
  idParam: string
  /** As the not-found message names it: "file storage not found". */
  kind: string
  filters: readonly FilterName[]
  view: (item: T, now: number) => unknown
  /** Until when a listed item looks the same; by default until its status moves on by itself. */
  changesAt?: (item: T, now: number) => number
}): { list: Handler; get: Handler; find: (ctx: RequestContext) => T } {
  const { table, idParam, kind, filters, view } = resource
  const changesAt = resource.changesAt ?? ((item: T, now: number) => statusChangesAt(item.meta, now))
  const find = (ctx: RequestContext) => findOwned(table(ctx), ctx.params[idParam] ?? '', ctx.principal, kind)
  return {
    find,
    list: (ctx) =>
      filteredListReply(
        ctx,
        table(ctx).values(),
        filters,
        (item) => view(item, ctx.now),
        (item) => changesAt(item, ctx.now),
      ),
    get: (ctx) => ({ status: 200, body: view(find(ctx), ctx.now) }),
  }
}
