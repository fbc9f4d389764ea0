// Every link and navigation in the console goes through these builders, never string-built URLs. A resource's come
// from its row's `path` (`resources.ts`): `paths.networks.item(id)`; the pages that are no resource's are listed here.

import { resources, type Resource, type ResourceName } from './resources'

type Query = Record<string, string | string[] | undefined>

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

const id = (value: string) => encodeURIComponent(value)

/**
 * A resource's pages, as the router serves them from its row (`app/router.tsx`). Code that is handed any row (the
 * navigation, the palette, the create form) reads them here, where its row said it has them (`page`, `edit`,
 * `create`); links to one resource use `paths.<resource>`, which offers only those.
 */
export function pathsOf(resource: Resource) {
  const at = `/${resource.path}`
  return {
    list: (query?: Query) => withQuery(at, query),
    new: (query?: Query) => withQuery(`${at}/new`, query),
    item: (itemId: string) => `${at}/${id(itemId)}`,
    edit: (itemId: string) => `${at}/${id(itemId)}/edit`,
  }
}

type ResourcePaths = ReturnType<typeof pathsOf>
type Offered<R> =
  | 'list'
  | (R extends { page: true } ? 'item' : never)
  | (R extends { edit: true } ? 'edit' : never)
  | (R extends { create: object } ? 'new' : never)

const every = Object.fromEntries(
  Object.entries(resources).map(([name, resource]) => [name, pathsOf(resource)]),
) as Record<ResourceName, ResourcePaths>
const resourcePaths: { [K in ResourceName]: Pick<ResourcePaths, Offered<(typeof resources)[K]>> } = every

export const paths = {
  home: () => '/',
  activity: () => '/activity',
  // An image's page needs its region beside its id, so its row has no `page` (the palette opens pages by id).
  image: (imageId: string, query?: Query) => withQuery(`/images/${id(imageId)}`, query),
  models: (query?: Query) => withQuery('/models', query),
  playground: (query?: Query) => withQuery('/playground', query),
  topology: (query?: Query) => withQuery('/topology', query),
  ...resourcePaths,
}
