import type { Project } from '../../../api/schemas/identity'
import { ageColumn, groupsColumn, nameColumn, statusColumn } from '../../../components/list/columns'
import { IdentityListPage } from '../../../components/list/IdentityListPage'
import type { Column } from '../../../components/VirtualTable'
import { identityList, identityListRoute, useIdentityList } from '../../../lib/identity-list'
import { paths } from '../../../lib/paths'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { groupApi, projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = identityList(resources.projects, {
  list: projectApi.list,
  names: groupApi.list,
  // ensureScope has loaded the organization's projects already (the scope switcher reads the same list).
  loadList: false,
  // A new project provisions asynchronously: poll until every one has settled.
  settles: true,
  sortable: ['name', 'status', 'age'],
  sortValue: metadataSortValue,
  searchPlaceholder: 'Search name, description, tag or group',
  searchText: (p: Project, groupName) => [...metadataSearch(p), ...p.spec.groupIDs.map(groupName)],
})

export const { loader, shouldRevalidate } = identityListRoute(source)

export function Component() {
  const page = useIdentityList(source)

  const columns: Column<Project>[] = [
    nameColumn(paths.project, ['description', 'tags']),
    statusColumn({ width: 150 }),
    groupsColumn(page.organizationID, { width: 300 }),
    ageColumn({ header: 'Created', width: 100, visibleFrom: 'lg' }),
  ]

  return (
    <IdentityListPage
      page={page}
      description="Where infrastructure lives. A project's groups decide who can work in it."
      emptyDescription="Networks, file storage and instances live in a project. Create one and choose the groups that work in it."
      columns={columns}
    />
  )
}
