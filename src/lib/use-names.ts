import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { q } from '../api/endpoint'
import { regionApi } from '../api/catalogs'
import { groupApi, organizationApi, projectApi } from '../api/identity'
import { networkApi } from '../api/networks'
import { securityGroupApi } from '../api/securityGroups'
import { namesById } from './use-scope-names'

/** The listed kinds a page may name by id. */
export type NamedKind = 'organizations' | 'projects' | 'regions' | 'networks' | 'securityGroups' | 'groups'

type NamedList = readonly { metadata: { id: string; name: string } }[]

/** Every list's query, seen only as what this file reads of it: ids and names. */
const named = (options: object) => options as UseQueryOptions<NamedList>

function listOf(kind: NamedKind, organizationID: string): UseQueryOptions<NamedList> {
  switch (kind) {
    case 'organizations':
      return named(q(organizationApi.list, {}))
    case 'projects':
      return named(q(projectApi.list, { organizationID }))
    case 'regions':
      return named(q(regionApi.list, { organizationID }))
    case 'networks':
      return named(q(networkApi.list, { organizationID: [organizationID] }))
    case 'securityGroups':
      return named(q(securityGroupApi.list, { organizationID: [organizationID] }))
    case 'groups':
      return named(q(groupApi.list, { organizationID }))
  }
}

/**
 * The names of one listed kind by id, from the same list query its own page reads (so a cached list answers at
 * once): `useNames('networks', org).get(id) ?? id`. Empty while the list loads, or where the caller may not list it;
 * a page then shows the id, never a blank.
 */
export function useNames(kind: NamedKind, organizationID: string): Map<string, string> {
  const query = useQuery({
    ...listOf(kind, organizationID),
    enabled: kind === 'organizations' || Boolean(organizationID),
    select: namesById,
  })
  return query.data ?? EMPTY
}

const EMPTY = new Map<string, string>()
