import { Anchor, Badge, Group, MultiSelect, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { SecurityGroup } from '../../../api/schemas/regional'
import { CopyableId } from '../../../components/CopyableId'
import { ListFilterBar } from '../../../components/ListFilterBar'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { ResourceStatus } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { NameCell } from '../../../components/NameCell'
import { withValues } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { regionalListRoute, useRegionalList } from '../../../lib/regional-list'
import { parseSort, type SortState } from '../../../lib/sort'
import { tagTexts, useListRows } from '../../../lib/use-list-rows'
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
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

const source = {
  read: readSecurityGroupFilters,
  query: (filters: SecurityGroupFilterState) => q(securityGroupApi.list, toSecurityGroupApiFilters(filters)),
}

export const { loader, shouldRevalidate } = regionalListRoute(source)

type NetworkNames = Map<string, string>
const search = (g: SecurityGroup, networkName: NetworkNames) => [
  g.metadata.name,
  g.metadata.id,
  g.metadata.description,
  networkName.get(g.status.networkId) ?? g.status.networkId,
  g.status.regionId,
  ...tagTexts(g.metadata.tags),
]
const sortByKey = (g: SecurityGroup, key: string, networkName: NetworkNames) =>
  sortValue(g, key, (id) => networkName.get(id) ?? id)

export function Component() {
  const access = useAccess()
  const { filters: state, params, setParams, organizationID, list: groups, all, names } = useRegionalList(source)
  const { projectName, regionName, projectOptions, regionOptions } = names
  // Every network of the organization: to name each group's network, and as the network filter's options.
  const networks = useQuery({
    ...q(networkApi.list, { organizationID: state.organizationIds }),
    enabled: Boolean(organizationID),
  })

  const networkName = useMemo(
    () => new Map((networks.data ?? []).map((n) => [n.metadata.id, n.metadata.name])),
    [networks.data],
  )
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

  const sort = parseSort(state.sort, SORTABLE, DEFAULT_SORT)
  const rows = useListRows(all, state.q, sort, { search, sortValue: sortByKey, context: networkName })

  const columns: Column<SecurityGroup>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      width: '22%',
      cell: (g) => <NameCell to={paths.securityGroup(g.metadata.id)} name={g.metadata.name} tags={g.metadata.tags} />,
    },
    {
      key: 'id',
      header: 'ID',
      width: '13%',
      visibleFrom: 'xl',
      cell: (g) => <CopyableId value={g.metadata.id} label="security group id" />,
    },
    {
      key: 'network',
      header: 'Network',
      sortable: true,
      width: '16%',
      cell: (g) => (
        <Anchor component={Link} to={paths.network(g.status.networkId)} size="sm" truncate="end">
          {networkName.get(g.status.networkId) ?? g.status.networkId}
        </Anchor>
      ),
    },
    {
      key: 'rules',
      header: 'Rules',
      sortable: true,
      width: '12%',
      cell: (g) => {
        const exposed = g.spec.rules.filter(isOpenToWorld).length
        return (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {g.spec.rules.length}
            </Text>
            {exposed > 0 && (
              <Badge
                color="yellow"
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
    {
      key: 'region',
      header: 'Region',
      sortable: true,
      width: '10%',
      cell: (g) => <Text size="sm">{regionName.get(g.status.regionId) ?? g.status.regionId}</Text>,
    },
    {
      key: 'project',
      header: 'Project',
      width: '12%',
      visibleFrom: 'lg',
      cell: (g) => (
        <Text size="sm" truncate="end">
          {projectName.get(g.metadata.projectId) ?? g.metadata.projectId}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: '15%',
      cell: (g) => <ResourceStatus provisioning={g.metadata.provisioningStatus} health={g.metadata.healthStatus} />,
    },
    {
      key: 'age',
      header: 'Age',
      sortable: true,
      width: '9%',
      cell: (g) => <RelativeTime value={g.metadata.creationTime} short size="sm" />,
    },
  ]

  const createHref = paths.securityGroupNew(
    state.networkIds.length === 1 ? { network: state.networkIds[0] } : undefined,
  )
  const filtered = state.q !== '' || state.tags.length > 0 || state.networkIds.length > 0
  return (
    <>
      <PageHeader
        title="Security groups"
        description="Firewall rules for the instances on a network: which traffic may come in and go out."
        actions={
          <PermittedAction to={createHref} disabledReason={access.reason('securityGroups', 'create')}>
            Create security group
          </PermittedAction>
        }
      />
      <ListFilterBar
        state={state}
        params={params}
        onParamsChange={(next, replace) => setParams(next, { replace })}
        projects={projectOptions}
        regions={regionOptions}
        searchPlaceholder="Search name, id, network or tag"
      >
        <MultiSelect
          aria-label="Networks"
          placeholder={state.networkIds.length ? undefined : 'All networks'}
          data={networkOptions}
          value={state.networkIds}
          onChange={(values) => setParams(withValues(params, 'network', values))}
          w={{ base: '100%', sm: 230 }}
          clearable
          searchable
        />
      </ListFilterBar>
      <ListResults
        label="Security groups"
        noun={['security group', 'security groups']}
        rows={rows}
        total={all.length}
        filtered={filtered}
        loading={groups.isFetching && groups.isPlaceholderData}
        empty={{
          title: 'No security groups in this scope',
          description:
            'A security group decides which traffic reaches the instances on a network. Create one, or widen the project and region filters.',
          action: (
            <PermittedAction to={createHref} disabledReason={access.reason('securityGroups', 'create')}>
              Create security group
            </PermittedAction>
          ),
        }}
        noMatch={{
          title: 'No security groups match',
          description: 'Nothing matches the search, network and tag filters.',
        }}
        columns={columns}
        rowKey={(g) => g.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        stale={groups.isPlaceholderData}
        rowHeight={60}
      />
    </>
  )
}
