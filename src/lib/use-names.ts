import { useQuery } from '@tanstack/react-query'
import { readQuery, type Read } from '../api/read'
import { nameRead, type NamedKind, type NamedList, type OrganizationKind, type RegionalKind } from './name-reads'
import { namesById } from './use-scope-names'

export type { NamedKind }

/**
 * The names of one listed kind by id, from the same list query its own page reads (so a cached list answers at
 * once): `useNames('networks', org).get(id) ?? id`, `useNames('flavors', org, region)`. Empty while the list loads,
 * or where the caller may not list it; a page then shows the id, never a blank.
 */
export function useNames(kind: OrganizationKind, organizationID: string): Map<string, string>
export function useNames(kind: RegionalKind, organizationID: string, regionID: string): Map<string, string>
/** The names from a list a page declares it reads (its detail reads, src/api/read.ts). */
export function useNames(read: Read<unknown, NamedList>): Map<string, string>
export function useNames(
  kind: NamedKind | Read<unknown, NamedList>,
  organizationID = '',
  regionID = '',
): Map<string, string> {
  const regional = kind === 'flavors' || kind === 'images' || kind === 'storageClasses'
  const query = useQuery({
    ...readQuery(typeof kind === 'string' ? nameRead(kind, organizationID, regionID) : kind),
    enabled:
      typeof kind !== 'string' ||
      ((kind === 'organizations' || Boolean(organizationID)) && (!regional || Boolean(regionID))),
    select: namesById,
  })
  return query.data ?? EMPTY
}

const EMPTY = new Map<string, string>()
