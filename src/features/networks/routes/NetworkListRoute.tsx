import { Text } from '@mantine/core'
import type { Network } from '../../../api/schemas/regional'
import { CopyableId } from '../../../components/CopyableId'
import { ListFilterBar } from '../../../components/ListFilterBar'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { ResourceStatus } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { NameCell } from '../../../components/NameCell'
import { readRegionalFilters, toApiFilters, type RegionalFilterState } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { regionalListRoute, useRegionalList } from '../../../lib/regional-list'
import { parseSort, type SortState } from '../../../lib/sort'
import { tagTexts, useListRows } from '../../../lib/use-list-rows'
import { q } from '../../../api/endpoint'
import { networkApi } from '../../../api/networks'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const SORTABLE = ['name', 'prefix', 'region', 'status', 'age'] as const
const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

const source = {
  read: readRegionalFilters,
  query: (filters: RegionalFilterState) => q(networkApi.list, toApiFilters(filters)),
}

export const { loader, shouldRevalidate } = regionalListRoute(source)

const search = (n: Network) => [
  n.metadata.name,
  n.metadata.id,
  n.metadata.description,
  n.status.prefix,
  n.status.regionId,
  ...tagTexts(n.metadata.tags),
]

function sortValue(network: Network, key: string): string | number | undefined {
  switch (key) {
    case 'prefix':
      return network.status.prefix
        .split(/[./]/)
        .map((part) => part.padStart(3, '0'))
        .join('.')
    case 'region':
      return network.status.regionId
    case 'status':
      return network.metadata.provisioningStatus
    case 'age':
      return -Date.parse(network.metadata.creationTime)
    default:
      return network.metadata.name
  }
}

export function Component() {
  const access = useAccess()
  const { filters: state, params, setParams, list: networks, all, names } = useRegionalList(source)
  const { projectName, regionName, projectOptions, regionOptions } = names
  const sort = parseSort(state.sort, SORTABLE, DEFAULT_SORT)
  const rows = useListRows(all, state.q, sort, { search, sortValue, context: undefined })

  const columns: Column<Network>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      width: '18%',
      cell: (n) => <NameCell to={paths.network(n.metadata.id)} name={n.metadata.name} tags={n.metadata.tags} />,
    },
    {
      key: 'id',
      header: 'ID',
      width: '13%',
      visibleFrom: 'lg',
      cell: (n) => <CopyableId value={n.metadata.id} label="network id" />,
    },
    // Wide enough for "192.168.100.0/24" at 1024 px, where the ID column is hidden; an ellipsis if it ever is not.
    {
      key: 'prefix',
      header: 'Prefix',
      sortable: true,
      width: '18%',
      cell: (n) => (
        <Text size="sm" ff="monospace" truncate="end">
          {n.status.prefix}
        </Text>
      ),
    },
    {
      key: 'region',
      header: 'Region',
      sortable: true,
      width: '10%',
      cell: (n) => <Text size="sm">{regionName.get(n.status.regionId) ?? n.status.regionId}</Text>,
    },
    {
      key: 'project',
      header: 'Project',
      width: '14%',
      cell: (n) => (
        <Text size="sm" truncate="end">
          {projectName.get(n.metadata.projectId) ?? n.metadata.projectId}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: '15%',
      cell: (n) => <ResourceStatus provisioning={n.metadata.provisioningStatus} health={n.metadata.healthStatus} />,
    },
    {
      key: 'age',
      header: 'Age',
      sortable: true,
      width: '10%',
      cell: (n) => <RelativeTime value={n.metadata.creationTime} short size="sm" />,
    },
  ]

  const filtered = state.q !== '' || state.tags.length > 0
  return (
    <>
      <PageHeader
        title="Networks"
        description="Layer 3 networks: address ranges, DNS servers and routes for your instances and file storage."
        actions={
          <PermittedAction to={paths.networkNew()} disabledReason={access.reason('networks', 'create')}>
            Create network
          </PermittedAction>
        }
      />
      <ListFilterBar
        state={state}
        params={params}
        onParamsChange={(next, replace) => setParams(next, { replace })}
        projects={projectOptions}
        regions={regionOptions}
        searchPlaceholder="Search name, id, prefix or tag"
      />
      <ListResults
        label="Networks"
        noun={['network', 'networks']}
        rows={rows}
        total={all.length}
        filtered={filtered}
        loading={networks.isFetching && networks.isPlaceholderData}
        empty={{
          title: 'No networks in this scope',
          description:
            'A network gives instances and file storage private addresses. Create one, or widen the project and region filters.',
          action: (
            <PermittedAction to={paths.networkNew()} disabledReason={access.reason('networks', 'create')}>
              Create network
            </PermittedAction>
          ),
        }}
        noMatch={{ title: 'No networks match', description: 'Nothing matches the search and tag filters.' }}
        columns={columns}
        rowKey={(n) => n.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        stale={networks.isPlaceholderData}
        rowHeight={60}
      />
    </>
  )
}
