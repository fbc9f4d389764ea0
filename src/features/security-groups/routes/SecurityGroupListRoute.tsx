import { Anchor } from '../../../components/mantine/Anchor'
import { Badge } from '../../../components/mantine/Badge'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { SecurityGroup } from '../../../api/schemas/regional'
import { CopyableId } from '../../../components/CopyableId'
import { FilterSelect } from '../../../components/list/FilterSelect'
import { FILTER_WIDTHS } from '../../../components/list/filter-widths'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import type { Column } from '../../../components/VirtualTable'
import { withParam } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { listRoute, regionalList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { metadataSearch } from '../../../lib/row-keys'
import { isOpenToWorld } from '../rules'
import {
  readSecurityGroupFilters,
  SORTABLE,
  sortValue,
  toSecurityGroupApiFilters,
  type SecurityGroupFilterState,
} from '../security-group-list'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { securityGroupApi } from '../../../api/securityGroups'
import { resources } from '../../../lib/resources'
import { useNamesOf } from '../../../lib/use-scope-names'
import { formatNumber } from '../../../lib/format'

const source = regionalList(resources.securityGroups, 'Search name, id, network or tag', {
  read: readSecurityGroupFilters,
  query: (filters: SecurityGroupFilterState) => q(securityGroupApi.list, toSecurityGroupApiFilters(filters)),
})

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(securityGroupApi.delete, (g: SecurityGroup) => ({ securityGroupID: g.metadata.id }))

type NetworkNames = Map<string, string>
const search = (g: SecurityGroup, networkName: NetworkNames) => [
  ...metadataSearch(g),
  networkName.get(g.status.networkId) ?? g.status.networkId,
  g.status.regionId,
]
const sortByKey = (g: SecurityGroup, key: string, networkName: NetworkNames) =>
  sortValue(g, key, (id) => networkName.get(id) ?? id)

export function Component() {
  const page = useList(source)
  const { filters: state, organizationID, all } = page
  // Every network of the organization: to name each group's network, and as the network filter's options.
  const networks = useQuery({
    ...q(networkApi.list, { organizationID: state.organizationIds }),
    enabled: Boolean(organizationID),
  })

  const networkName = useNamesOf(networks.data)
  const networkOptions = useMemo(() => {
    const inScope = (networks.data ?? []).filter(
      (n) =>
        (!state.projectIds.length || state.projectIds.includes(n.metadata.projectId)) &&
        (!state.regionIds.length || state.regionIds.includes(n.status.regionId)),
    )
    const options = inScope.map((n) => ({ value: n.metadata.id, label: n.metadata.name }))
    // A network named in the URL stays selectable even when it is outside the project and region filters.
    for (const id of state.networkIds)
      if (!options.some((o) => o.value === id)) options.push({ value: id, label: networkName.get(id) ?? id })
    return options
  }, [networks.data, state.projectIds, state.regionIds, state.networkIds, networkName])

  const shown = useListRows(all, state, {
    sortable: SORTABLE,
    search,
    sortValue: sortByKey,
    context: networkName,
    regionName: page.names.regionName,
  })

  const columns: Column<SecurityGroup>[] = [
    nameColumn(paths.securityGroups.item, ['tags']),
    {
      key: 'id',
      header: 'ID',
      width: 200,
      visibleFrom: 'xl',
      cell: (g) => <CopyableId value={g.metadata.id} label="security group id" />,
    },
    {
      key: 'network',
      header: 'Network',
      sortable: true,
      width: 160,
      cell: (g) => (
        <Anchor component={Link} to={paths.networks.item(g.status.networkId)} size="sm" truncate="end">
          {networkName.get(g.status.networkId) ?? g.status.networkId}
        </Anchor>
      ),
    },
    {
      key: 'rules',
      header: 'Rules',
      sortable: true,
      width: 110,
      cell: (g) => {
        const exposed = g.spec.rules.filter(isOpenToWorld).length
        return (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(g.spec.rules.length)}
            </Text>
            {exposed > 0 && (
              <Badge
                color="amber"
                variant="filled"
                autoContrast
                size="sm"
                title={`${exposed} rule${exposed === 1 ? '' : 's'} open to the whole internet`}
              >
                Internet
              </Badge>
            )}
          </Group>
        )
      },
    },
    ...scopeColumns(page.names, ['project']),
  ]

  const createHref = paths.securityGroups.new(
    state.networkIds.length === 1 ? { network: state.networkIds[0] } : undefined,
  )
  return (
    <ListPage
      page={page}
      remove={remove}
      description="Firewall rules for the instances on a network: which traffic may come in and go out."
      createTo={createHref}
      emptyDescription="A security group decides which traffic reaches the instances on a network. Create one, or widen the project and region filters."
      noMatchDescription="Nothing matches the search, network and tag filters."
      extraFilters={
        <FilterSelect
          aria-label="Networks"
          placeholder="All networks"
          data={networkOptions}
          value={state.networkIds}
          onChange={(values) => page.setParams((params) => withParam(params, 'network', values))}
          width={FILTER_WIDTHS.own}
          searchable
        />
      }
      extraFiltered={state.networkIds.length > 0}
      shown={shown}
      columns={columns}
    />
  )
}
