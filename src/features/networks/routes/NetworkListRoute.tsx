import type { Network } from '../../../api/schemas/regional'
import { CodeCell } from '../../../components/CodeCell'
import { CopyableId } from '../../../components/CopyableId'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import type { Column } from '../../../components/VirtualTable'
import { paths } from '../../../lib/paths'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { metadataSearch, regionalSortValue } from '../../../lib/row-keys'
import { networkApi } from '../../../api/networks'
import { resources } from '../../../lib/resources'

const SORTABLE = ['name', 'prefix', 'region', 'status', 'age'] as const

const source = regionalList(resources.networks, 'Search name, id, prefix or tag', regionalFilters(networkApi.list))

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(networkApi.delete, (n: Network) => ({ networkID: n.metadata.id }))

// Its region by the name the column shows: the id is a UUID no one types.
const search = (n: Network, regionName: ReadonlyMap<string, string>) => [
  ...metadataSearch(n),
  n.status.prefix,
  regionName.get(n.status.regionId),
]

function sortValue(network: Network, key: string): string | number | undefined {
  if (key !== 'prefix') return regionalSortValue(network, key)
  return network.status.prefix
    .split(/[./]/)
    .map((part) => part.padStart(3, '0'))
    .join('.')
}

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue,
    context: page.names.regionName,
    regionName: page.names.regionName,
  })

  const columns: Column<Network>[] = [
    nameColumn(paths.networks.item, ['tags']),
    {
      key: 'id',
      header: 'ID',
      width: 290,
      visibleFrom: 'lg',
      cell: (n) => <CopyableId value={n.metadata.id} label="network id" />,
    },
    // Wide enough for "192.168.100.0/24"; at 1024 px the ID and the age are hidden, so the name keeps its room.
    {
      key: 'prefix',
      header: 'Prefix',
      sortable: true,
      width: 150,
      cell: (n) => <CodeCell>{n.status.prefix}</CodeCell>,
    },
    ...scopeColumns(page.names),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="Layer 3 networks: address ranges, DNS servers and routes for your instances and file storage."
      emptyDescription="A network gives instances and file storage private addresses. Create one, or widen the project and region filters."
      shown={shown}
      columns={columns}
    />
  )
}
