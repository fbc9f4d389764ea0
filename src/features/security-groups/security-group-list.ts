import type { RegionalListFilters } from '../../api/request'
import type { SecurityGroup } from '../../api/schemas/regional'
import { readRegionalFilters, toApiFilters, type RegionalFilterState } from '../../lib/list-filters'
import { regionalSortValue } from '../../lib/row-keys'
import type { Scope } from '../../lib/scope'

// The security group list's URL state: the regional filters plus `network` (repeatable), which the networks detail
// page links to as paths.securityGroups.list({ network: id }).

export interface SecurityGroupFilterState extends RegionalFilterState {
  networkIds: string[]
}

/**
 * A network already fixes the project and region, so with a network filter the scope's project and region do not
 * apply by default: a link from a network in another project still finds its groups. The URL can still narrow them.
 */
export function readSecurityGroupFilters(params: URLSearchParams, scope: Scope): SecurityGroupFilterState {
  const networkIds = params.getAll('network').filter(Boolean)
  const effectiveScope = networkIds.length ? { organizationId: scope.organizationId } : scope
  return { ...readRegionalFilters(params, effectiveScope), networkIds }
}

export function toSecurityGroupApiFilters(state: SecurityGroupFilterState): RegionalListFilters {
  const filters = toApiFilters(state)
  return state.networkIds.length ? { ...filters, networkID: state.networkIds } : filters
}

export const SORTABLE = ['name', 'network', 'rules', 'region', 'status', 'age'] as const

export function sortValue(
  group: SecurityGroup,
  key: string,
  networkName: (id: string) => string,
): string | number | undefined {
  switch (key) {
    case 'network':
      return networkName(group.status.networkId)
    case 'rules':
      return group.spec.rules.length
    default:
      return regionalSortValue(group, key)
  }
}
