import type { Reservation } from '../../../api/reservations'
import { reservationApi } from '../../../api/reservations'
import { cellText } from '../../../components/cell-text'
import { ListPage } from '../../../components/list/ListPage'
import { nameColumn } from '../../../components/list/columns'
import { projectScopeColumns } from '../../../components/list/regional-columns'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { formatNumber } from '../../../lib/format'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { useListRows } from '../../../lib/use-list-rows'
import { useStoredScope } from '../../../lib/scope'
import { UnitCatalog } from '../UnitCatalog'

const SORTABLE = ['name', 'units', 'region', 'status', 'age'] as const

const source = regionalList(
  resources.reservations,
  'Search name, id, accelerator or tag',
  regionalFilters(reservationApi.list),
)

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(reservationApi.delete, (r: Reservation) => ({ reservationID: r.metadata.id }), {
  // The platform deletes a reservation's placements with it, and refuses nothing for them.
  consequence: 'The placements on them go with them, and their servers, node pools’ workers among them.',
})

// Its region by the name the column shows: the id is a UUID no one types.
const search = (r: Reservation, regionName: ReadonlyMap<string, string>) => [
  ...metadataSearch(r),
  r.spec.accelerator,
  r.spec.unit,
  regionName.get(r.spec.regionId),
]

function sortValue(r: Reservation, key: string) {
  if (key === 'units') return r.status.claimedUnitCount
  if (key === 'region') return r.spec.regionId
  return metadataSortValue(r, key)
}

export function Component() {
  const page = useList(source)
  const scope = useStoredScope()
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue,
    context: page.names.regionName,
    regionName: page.names.regionName,
  })
  const columns: Column<Reservation>[] = [
    nameColumn(paths.reservations.item, ['tags']),
    {
      key: 'unit',
      header: 'Unit',
      width: 130,
      cell: (r) => <p className={cellText('sm')}>{`${r.spec.accelerator} ${r.spec.unit}`}</p>,
    },
    {
      key: 'units',
      header: 'Units held',
      sortable: true,
      width: 110,
      cell: (r) => (
        <p className={cellText('sm')}>
          {r.status.claimedUnitCount === r.spec.count
            ? formatNumber(r.spec.count)
            : `${formatNumber(r.status.claimedUnitCount)} of ${formatNumber(r.spec.count)}`}
        </p>
      ),
    },
    {
      key: 'region',
      header: 'Region',
      sortable: true,
      width: 100,
      cell: (r) => <p className={cellText('sm')}>{page.names.regionName.get(r.spec.regionId) ?? r.spec.regionId}</p>,
    },
    ...projectScopeColumns(page.names),
  ]
  return (
    <ListPage
      page={page}
      notice={<UnitCatalog organizationID={scope.organizationId ?? ''} regionName={page.names.regionName} />}
      description="Bare-metal GPU capacity held for a project: whole NVLink domains, side by side in one pod, that placements put servers on."
      emptyDescription="Reserve units of a region's GPU hardware, then place servers on their hosts. Or widen the project and region filters."
      shown={shown}
      columns={columns}
      remove={remove}
    />
  )
}
