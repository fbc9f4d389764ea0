// The list each kind a page names by id comes from (use-names.ts), as a read (src/api/read.ts): the same list query
// its own page reads, so a cached or carried list answers at once.

import { flavorApi, imageApi, storageClassApi } from '../api/catalogs'
import { regionApi } from '../api/regions'
import { groupApi, organizationApi, projectApi } from '../api/identity'
import { networkApi } from '../api/networks'
import { readOf, type Read } from '../api/read'
import { securityGroupApi } from '../api/securityGroups'

/** The listed kinds a page may name by id. */
export type NamedKind = OrganizationKind | RegionalKind
export type OrganizationKind = 'organizations' | 'projects' | 'regions' | 'networks' | 'securityGroups' | 'groups'
/** What a region offers: listed per region, so named only with one. */
export type RegionalKind = 'flavors' | 'images' | 'storageClasses'

export type NamedList = readonly { metadata: { id: string; name: string } }[]

/** Every list's read, seen only as what naming reads of it: ids and names. */
const named = (read: object) => read as Read<unknown, NamedList>

export function nameRead(kind: OrganizationKind, organizationID: string): Read<unknown, NamedList>
export function nameRead(kind: RegionalKind, organizationID: string, regionID: string): Read<unknown, NamedList>
export function nameRead(kind: NamedKind, organizationID: string, regionID?: string): Read<unknown, NamedList>
export function nameRead(kind: NamedKind, organizationID: string, regionID = ''): Read<unknown, NamedList> {
  switch (kind) {
    case 'organizations':
      return named(readOf(organizationApi.list, {}))
    case 'projects':
      return named(readOf(projectApi.list, { organizationID }))
    case 'regions':
      return named(readOf(regionApi.list, { organizationID }))
    case 'networks':
      return named(readOf(networkApi.list, { organizationID: [organizationID] }))
    case 'securityGroups':
      return named(readOf(securityGroupApi.list, { organizationID: [organizationID] }))
    case 'groups':
      return named(readOf(groupApi.list, { organizationID }))
    case 'flavors':
      return named(readOf(flavorApi.list, { organizationID, regionID }))
    case 'images':
      return named(readOf(imageApi.list, { organizationID, regionID }))
    case 'storageClasses':
      return named(readOf(storageClassApi.list, { regionID: [regionID] }))
  }
}
