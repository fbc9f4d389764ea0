import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { q } from '../api/endpoint'
import { flavorApi, imageApi, regionApi, storageClassApi } from '../api/catalogs'
import { groupApi, organizationApi, projectApi } from '../api/identity'
import { networkApi } from '../api/networks'
import { securityGroupApi } from '../api/securityGroups'
import { namesById } from './use-scope-names'

/** The listed kinds a page may name by id. */
export type NamedKind = OrganizationKind | RegionalKind
type OrganizationKind = 'organizations' | 'projects' | 'regions' | 'networks' | 'securityGroups' | 'groups'
/** What a region offers: listed per region, so named only with one. */
type RegionalKind = 'flavors' | 'images' | 'storageClasses'

type NamedList = readonly { metadata: { id: string; name: string } }[]

/** Every list's query, seen only as what this file reads of it: ids and names. */
const named = (options: object) => options as UseQueryOptions<NamedList>

function listOf(kind: NamedKind, organizationID: string, regionID: string): UseQueryOptions<NamedList> {
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
    case 'flavors':
      return named(q(flavorApi.list, { organizationID, regionID }))
    case 'images':
      return named(q(imageApi.list, { organizationID, regionID }))
    case 'storageClasses':
      return named(q(storageClassApi.list, { regionID: [regionID] }))
  }
}

/**
 * The names of one listed kind by id, from the same list query its own page reads (so a cached list answers at
 * once): `useNames('networks', org).get(id) ?? id`, `useNames('flavors', org, region)`. Empty while the list loads,
 * or where the caller may not list it; a page then shows the id, never a blank.
 */
export function useNames(kind: OrganizationKind, organizationID: string): Map<string, string>
export function useNames(kind: RegionalKind, organizationID: string, regionID: string): Map<string, string>
export function useNames(kind: NamedKind, organizationID: string, regionID = ''): Map<string, string> {
  const regional = kind === 'flavors' || kind === 'images' || kind === 'storageClasses'
  const query = useQuery({
    ...listOf(kind, organizationID, regionID),
    enabled: (kind === 'organizations' || Boolean(organizationID)) && (!regional || Boolean(regionID)),
    select: namesById,
  })
  return query.data ?? EMPTY
}

const EMPTY = new Map<string, string>()
