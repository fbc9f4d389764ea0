// Query keys for every resource, generic to specific, so a prefix invalidates a family:
//   ['networks'] ⊃ ['networks','list'] ⊃ ['networks','list',filters];  ['networks','detail',id].
// They live apart from the resource modules so one resource's mutations can invalidate another's views without
// import cycles. Pages use the `…Queries` factories in the resource modules, not these directly.

import type { RegionalListFilters } from './request'

function resourceKeys<const Name extends string, Filters>(name: Name) {
  return {
    all: () => [name] as const,
    lists: () => [name, 'list'] as const,
    list: (filters: Filters) => [name, 'list', filters] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  }
}

export interface OrganizationFilter {
  organizationID: string
}
export interface OrganizationRegionFilter {
  organizationID: string
  regionID: string
}
export interface StorageClassFilters {
  regionID?: readonly string[]
}

export const networkKeys = resourceKeys<'networks', RegionalListFilters>('networks')
export const securityGroupKeys = resourceKeys<'securityGroups', RegionalListFilters>('securityGroups')
export const fileStorageKeys = resourceKeys<'fileStorage', RegionalListFilters>('fileStorage')
export const instanceKeys = resourceKeys<'instances', RegionalListFilters>('instances')
export const flavorKeys = resourceKeys<'flavors', OrganizationRegionFilter>('flavors')
export const imageKeys = resourceKeys<'images', OrganizationRegionFilter>('images')
export const regionKeys = resourceKeys<'regions', OrganizationFilter>('regions')
export const storageClassKeys = resourceKeys<'storageClasses', StorageClassFilters>('storageClasses')
export const organizationKeys = resourceKeys<'organizations', Record<string, never>>('organizations')
export const userKeys = resourceKeys<'users', OrganizationFilter>('users')
export const serviceAccountKeys = resourceKeys<'serviceAccounts', OrganizationFilter>('serviceAccounts')
export const groupKeys = resourceKeys<'groups', OrganizationFilter>('groups')
export const roleKeys = resourceKeys<'roles', OrganizationFilter>('roles')
export const projectKeys = resourceKeys<'projects', OrganizationFilter>('projects')
export const modelKeys = resourceKeys<'models', OrganizationFilter>('models')
