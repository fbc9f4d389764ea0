import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query'
import { navLabel, resources, type Paged, type Resource } from '../../lib/resources'
import { pageModuleFile } from '../../lib/page-modules'
import type { Named } from './palette-entries'

/**
 * A list's query, as far as the palette reads it: its items. Each list keys its query in its own type; the method's
 * parameter is compared both ways, so one type holds them all.
 */
type OrganizationQuery = (organizationID: string) => {
  queryKey: QueryKey
  queryFn?(context: QueryFunctionContext): readonly Named[] | Promise<readonly Named[]>
}

export interface ListSource {
  resource: Paged
  query: OrganizationQuery
}

// The list route modules: the chunks the router loads for the list pages, not copies of them.
const listModules = import.meta.glob<{ organizationQuery?: OrganizationQuery }>('/src/features/*/routes/*ListRoute.tsx')

/**
 * Where the palette finds each resource that has a page: its list across the organization, as its list route module
 * declares it (`listRoute`'s `organizationQuery`), so a new row is searched with nothing added here. A list module
 * that does not export it is refused, naming the file.
 */
export function loadListSources(rows: readonly Resource[] = Object.values(resources)): Promise<ListSource[]> {
  const searchable = rows.filter((resource): resource is Paged => Boolean(resource.page))
  return Promise.all(
    searchable.map(async (resource) => {
      const file = pageModuleFile(resource, 'List')
      const module = await listModules[file]?.()
      if (!module?.organizationQuery)
        throw new Error(`${navLabel(resource)}: ${file} exports no organizationQuery for the palette to search`)
      return { resource, query: module.organizationQuery }
    }),
  )
}
