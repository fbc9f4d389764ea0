import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { q } from '../../../api/endpoint'
import { loadBalancerApi, type LoadBalancer } from '../../../api/loadBalancers'
import { networkApi } from '../../../api/networks'
import { CodeCell } from '../../../components/CodeCell'
import { ListPage } from '../../../components/list/ListPage'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import { rowDelete } from '../../../components/list/row-delete'
import { Anchor } from '../../../components/mantine/Anchor'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { metadataSearch, regionalSortValue } from '../../../lib/row-keys'
import { useListRows } from '../../../lib/use-list-rows'
import { useNamesOf } from '../../../lib/use-scope-names'
import { listenersText } from '../listeners-text'

const SORTABLE = ['name', 'network', 'region', 'status', 'age'] as const

const source = regionalList(
  resources.loadBalancers,
  'Search name, id, address, network, port or tag',
  regionalFilters(loadBalancerApi.list),
)

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(loadBalancerApi.delete, (b: LoadBalancer) => ({ loadBalancerID: b.metadata.id }))

type NetworkNames = Map<string, string>
const networkOf = (b: LoadBalancer, names: NetworkNames) => names.get(b.status.networkId) ?? b.status.networkId
const search = (b: LoadBalancer, names: NetworkNames) => [
  ...metadataSearch(b),
  networkOf(b, names),
  b.status.vipAddress ?? '',
  b.status.publicIP ?? '',
  listenersText(b.spec.listeners),
]
const sortValue = (b: LoadBalancer, key: string, names: NetworkNames) =>
  key === 'network' ? networkOf(b, names) : regionalSortValue(b, key)

export function Component() {
  const page = useList(source)
  // Every network of the organization, to name each balancer's.
  const networks = useQuery({
    ...q(networkApi.list, { organizationID: page.filters.organizationIds }),
    enabled: Boolean(page.organizationID),
  })
  const networkName = useNamesOf(networks.data)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue,
    context: networkName,
    regionName: page.names.regionName,
  })
  const columns: Column<LoadBalancer>[] = [
    nameColumn(paths.loadBalancers.item, ['tags']),
    {
      key: 'network',
      header: 'Network',
      sortable: true,
      width: 140,
      visibleFrom: 'md',
      cell: (b) => (
        <Anchor component={Link} to={paths.networks.item(b.status.networkId)} size="sm" truncate="end">
          {networkOf(b, networkName)}
        </Anchor>
      ),
    },
    // Wide enough for "192.168.100.200"; what the platform has not reported yet is a dash.
    { key: 'vip', header: 'Virtual IP', width: 130, cell: (b) => <CodeCell>{b.status.vipAddress ?? '—'}</CodeCell> },
    {
      key: 'public',
      header: 'Public IP',
      width: 130,
      visibleFrom: 'xl',
      cell: (b) => <CodeCell>{b.status.publicIP ?? (b.spec.publicIP ? '…' : '—')}</CodeCell>,
    },
    ...scopeColumns(page.names, ['project']),
  ]
  return (
    <ListPage
      page={page}
      remove={remove}
      description="Layer 4 load balancers: a virtual IP on a network, and listeners that spread TCP and UDP traffic over their members."
      emptyDescription="A load balancer gives a service one address in front of its instances. Create one on a network, or widen the project and region filters."
      shown={shown}
      columns={columns}
    />
  )
}
