// A project's resource's endpoint table from its row (`Resource.api` in lib/resources.ts): its list, its item's read,
// its create, its update where the platform has one, and its delete, each at the paths and with the cache effects
// every such resource shares. A resource adds what is its own (power actions, a wire spelling) beside the table.

import type { z } from 'zod/mini'
import { resources, type Place, type ResourceName } from '../lib/resources'
import type { AnswerReader } from './client'
import { endpoint, listEndpoint, type Endpoint, type Family } from './endpoint'
import { filtersToQuery, seg, type RegionalListFilters } from './request'

type Rows = typeof resources

/** The rows of a project's resources: those whose items live in a project (and a region, for most). */
type ProjectRow = {
  [K in ResourceName]: Rows[K] extends { api: { lives: 'region' | 'project' } } ? K : never
}[ResourceName]

/** The platform's path parameter for one item of `K`: `{ networkID: string }`. */
export type ItemParams<K extends ProjectRow> = Record<Rows[K]['api']['id'], string>

interface Schemas<R, C, U> {
  read: AnswerReader<R> & z.core.$ZodType<R>
  create: z.ZodMiniType<unknown, C>
  /** Where the row's platform has an update. */
  update?: z.ZodMiniType<unknown, U>
  /** The body in wire spelling, after the write schema (a rule's `prefix` beside the spec's `cidr`). */
  wire?: (body: C | U) => unknown
}

type Table<K extends ProjectRow, F, R, C> = {
  list: Endpoint<F, undefined, R[]>
  detail: Endpoint<ItemParams<K>, undefined, R>
  create: Endpoint<Record<never, never>, C, R>
  delete: Endpoint<ItemParams<K>, undefined, void>
}

/**
 * The table of the row `name`. Its list takes the platform's list filters (`F`: by default the regional ones); a
 * create seeds the new item's read and refreshes the lists, an update its item and the lists, and a delete every query
 * of the resource: the platform deletes asynchronously (202), so an item is read again as deprovisioning, not dropped.
 */
export function projectTable<K extends ProjectRow, R extends { metadata: { id: string } }, C, F = RegionalListFilters>(
  name: K,
  schemas: Schemas<R, C, never> & { update?: undefined },
): Table<K, F, R, C>
export function projectTable<
  K extends ProjectRow,
  R extends { metadata: { id: string } },
  C,
  U,
  F = RegionalListFilters,
>(
  name: K,
  schemas: Schemas<R, C, U> & { update: z.ZodMiniType<unknown, U> },
): Table<K, F, R, C> & { update: Endpoint<ItemParams<K>, U, R> }
export function projectTable<K extends ProjectRow, R extends { metadata: { id: string } }, C, U>(
  name: K,
  { read, create, update, wire }: Schemas<R, C, U>,
) {
  const { service, collection, id, ...api } = resources[name].api as Place
  // What is left of the organization's quotas changes with every write of a resource allocated against them.
  const quotas: readonly Family[] = api.allocates ? [['quotas']] : []
  const item = (params: ItemParams<K>) => `${collection}/${seg((params as Record<string, string>)[id]!)}`
  const family = { resource: name, service } as const
  const seedOf = (itemId: string) => ({ [id]: itemId })
  return {
    list: listEndpoint({
      ...family,
      path: () => collection,
      query: (filters: RegionalListFilters) => filtersToQuery(filters),
      item: read,
    }),
    detail: endpoint({ ...family, op: 'detail', method: 'GET', path: item, read }),
    create: endpoint({
      ...family,
      op: 'create',
      method: 'POST',
      path: () => collection,
      write: create,
      ...(wire ? { wire } : {}),
      read,
      effects: { seed: (saved: R) => seedOf(saved.metadata.id), invalidates: [[name, 'list'], ...quotas] },
    }),
    ...(update && {
      update: endpoint({
        ...family,
        op: 'update',
        method: 'PUT',
        path: item,
        write: update,
        ...(wire ? { wire } : {}),
        read,
        effects: {
          seed: (_saved: R, params: ItemParams<K>) => seedOf((params as Record<string, string>)[id]!),
          invalidates: [[name, 'list'], ...quotas],
        },
      }),
    }),
    delete: endpoint({
      ...family,
      op: 'delete',
      method: 'DELETE',
      path: item,
      effects: { invalidates: [[name], ...quotas] },
    }),
  }
}
