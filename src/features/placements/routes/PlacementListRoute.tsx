import type { Placement } from '../../../api/reservations'
import { placementApi } from '../../../api/reservations'
import { cellText } from '../../../components/cell-text'
import { ListPage } from '../../../components/list/ListPage'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { formatNumber } from '../../../lib/format'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { metadataSearch, regionalSortValue } from '../../../lib/row-keys'
import { useListRows } from '../../../lib/use-list-rows'

const SORTABLE = ['name', 'servers', 'region', 'status', 'age'] as const

const source = regionalList(resources.placements, 'Search name, id or tag', regionalFilters(placementApi.list))

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(placementApi.delete, (p: Placement) => ({ placementID: p.metadata.id }))

const search = (p: Placement) => [...metadataSearch(p), p.spec.constraints.policy, p.status.reservationId]

const sortValue = (p: Placement, key: string) => (key === 'servers' ? p.spec.count : regionalSortValue(p, key))

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue,
    context: undefined,
    regionName: page.names.regionName,
  })
  const columns: Column<Placement>[] = [
    nameColumn(paths.placements.item, ['tags']),
    {
      key: 'servers',
      header: 'Servers ready',
      sortable: true,
      width: 130,
      cell: (p) => (
        <p
          className={cellText('sm')}
        >{`${formatNumber(p.status.readyHostCount ?? 0)} of ${formatNumber(p.spec.count)}`}</p>
      ),
    },
    {
      key: 'policy',
      header: 'Policy',
      width: 100,
      visibleFrom: 'md',
      cell: (p) => <p className={cellText('sm')}>{p.spec.constraints.policy}</p>,
    },
    ...scopeColumns(page.names),
  ]
  return (
    <ListPage
      page={page}
      description="Servers pinned to the hosts of a reservation, laid out over its NVLink domains as the placement's constraints say."
      emptyDescription="Place servers on a reservation's hosts. Or widen the project and region filters."
      shown={shown}
      columns={columns}
      remove={remove}
    />
  )
}
