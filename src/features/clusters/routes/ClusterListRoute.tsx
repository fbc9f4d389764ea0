import { clusterApi, type Cluster } from '../../../api/clusters'
import { CodeCell } from '../../../components/CodeCell'
import { cellText } from '../../../components/cell-text'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { metadataSearch, regionalSortValue } from '../../../lib/row-keys'
import { useListRows } from '../../../lib/use-list-rows'
import { workersText } from '../cluster-words'

const SORTABLE = ['name', 'region', 'status', 'age'] as const

const source = regionalList(resources.clusters, 'Search name, id, release or tag', regionalFilters(clusterApi.list))

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(clusterApi.delete, (cluster: Cluster) => ({ clusterID: cluster.metadata.id }))

const search = (cluster: Cluster) => [...metadataSearch(cluster), cluster.spec.platformReleaseId]

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue: regionalSortValue,
    context: undefined,
    regionName: page.names.regionName,
  })
  const columns: Column<Cluster>[] = [
    nameColumn(paths.clusters.item, ['tags']),
    {
      key: 'release',
      header: 'Release',
      width: 130,
      visibleFrom: 'md',
      cell: (cluster) => <CodeCell>{cluster.spec.platformReleaseId}</CodeCell>,
    },
    {
      key: 'workers',
      header: 'Workers',
      width: 150,
      visibleFrom: 'lg',
      cell: (cluster) => <p className={cellText('sm')}>{workersText(cluster)}</p>,
    },
    ...scopeColumns(page.names),
  ]
  return (
    <ListPage
      page={page}
      remove={remove}
      description="Managed Kubernetes: a control plane run for you on one of your networks, with node pools of workers."
      emptyDescription="A cluster runs Kubernetes on a network of your project. Create one, then add node pools of CPU or GPU workers."
      shown={shown}
      columns={columns}
    />
  )
}
