import type { ObjectStorageEndpoint } from '../../../api/objectStorage'
import { objectStorageEndpointApi } from '../../../api/objectStorage'
import { CodeCell } from '../../../components/CodeCell'
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

const SORTABLE = ['name', 'region', 'status', 'age'] as const

const source = regionalList(
  resources.objectStorageEndpoints,
  'Search name, id, DNS name, policy or tag',
  regionalFilters(objectStorageEndpointApi.list),
)

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(objectStorageEndpointApi.delete, (endpoint: ObjectStorageEndpoint) => ({
  objectStorageEndpointID: endpoint.metadata.id,
}))

const dnsName = (endpoint: ObjectStorageEndpoint) => endpoint.status.exposure?.public?.dnsName

const search = (endpoint: ObjectStorageEndpoint) => [
  ...metadataSearch(endpoint),
  dnsName(endpoint),
  ...endpoint.spec.identityPolicies.map((policy) => policy.name),
]

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue: regionalSortValue,
    context: undefined,
    regionName: page.names.regionName,
  })
  const columns: Column<ObjectStorageEndpoint>[] = [
    nameColumn(paths.objectStorageEndpoints.item, ['tags']),
    {
      key: 'dns',
      header: 'Public DNS name',
      width: 300,
      visibleFrom: 'md',
      cell: (endpoint) => <CodeCell>{dnsName(endpoint) ?? 'Private'}</CodeCell>,
    },
    {
      key: 'policies',
      header: 'Policies',
      width: 90,
      visibleFrom: 'lg',
      cell: (endpoint) => <span>{endpoint.spec.identityPolicies.length}</span>,
    },
    ...scopeColumns(page.names, ['project']),
  ]
  return (
    <ListPage
      page={page}
      remove={remove}
      description="S3-compatible endpoints: buckets are made through them, with access keys bound to their identity policies."
      emptyDescription="An endpoint gives a project S3 storage in one region. Create one with an identity policy, then an access key for your S3 client."
      shown={shown}
      columns={columns}
    />
  )
}
