import type { Project } from '../../../api/schemas/identity'
import { ageColumn, groupsColumn, nameColumn, statusColumn } from '../../../components/list/columns'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, organizationList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { paths } from '../../../lib/paths'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { groupApi, projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = organizationList(resources.projects, 'Search name, description, tag or group', projectApi.list, {
  names: groupApi.list,
  // ensureScope has loaded the organization's projects already (the scope switcher reads the same list).
  loadList: false,
  // A new project provisions asynchronously: poll until every one has settled.
  settles: true,
})

const ROWS = {
  sortable: ['name', 'status', 'age'],
  sortValue: metadataSortValue,
  search: (p: Project, groupName: Map<string, string>) => [
    ...metadataSearch(p),
    ...p.spec.groupIDs.map((id) => groupName.get(id) ?? id),
  ],
}

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(
  projectApi.delete,
  (p: Project, organizationID) => ({ organizationID, projectID: p.metadata.id }),
  {
    // What lives in a project names it by its own id.
    item: (p) => ({ id: p.metadata.id, projectId: p.metadata.id }),
  },
)

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, { ...ROWS, context: page.nameById })

  const columns: Column<Project>[] = [
    nameColumn(paths.projects.item, ['description', 'tags']),
    statusColumn({ width: 150 }),
    groupsColumn(page.organizationID, { width: 300 }),
    ageColumn({ header: 'Created', width: 100, visibleFrom: 'lg' }),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="Where infrastructure lives. A project's groups decide who can work in it."
      emptyDescription="Networks, file storage and instances live in a project. Create one and choose the groups that work in it."
      shown={shown}
      columns={columns}
    />
  )
}
