import type { Project } from '../../../api/schemas/identity'
import { GroupNames } from '../../../components/GroupNames'
import { IdentityListPage } from '../../../components/list/IdentityListPage'
import { NameCell } from '../../../components/NameCell'
import { RelativeTime } from '../../../components/RelativeTime'
import { ResourceStatus } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { formatTag } from '../../../lib/format'
import { identityList, identityListRoute, useIdentityList } from '../../../lib/identity-list'
import { paths } from '../../../lib/paths'
import { groupApi, projectApi } from '../../../api/identity'
import { useAccess } from '../../../lib/permissions'

const source = identityList({
  list: projectApi.list,
  names: groupApi.list,
  // ensureScope has loaded the organization's projects already (the scope switcher reads the same list).
  loadList: false,
  // A new project provisions asynchronously: poll until every one has settled.
  settles: true,
  sortable: ['name', 'status', 'age'],
  defaultSort: { key: 'name', direction: 'asc' },
  sortValue: (project: Project, key) => {
    switch (key) {
      case 'status':
        return project.metadata.provisioningStatus
      case 'age':
        return -Date.parse(project.metadata.creationTime)
      default:
        return project.metadata.name
    }
  },
  searchText: (p, groupName) => [
    p.metadata.name,
    p.metadata.id,
    p.metadata.description,
    ...(p.metadata.tags ?? []).map(formatTag),
    ...p.spec.groupIDs.map(groupName),
  ],
})

export const { loader, shouldRevalidate } = identityListRoute(source)

export function Component() {
  const access = useAccess()
  const page = useIdentityList(source)

  const columns: Column<Project>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (p) => (
        <NameCell
          to={paths.project(p.metadata.id)}
          name={p.metadata.name}
          description={p.metadata.description}
          tags={p.metadata.tags}
        />
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: 150,
      cell: (p) => <ResourceStatus provisioning={p.metadata.provisioningStatus} health={p.metadata.healthStatus} />,
    },
    {
      key: 'groups',
      header: 'Groups',
      width: 300,
      cell: (p) => <GroupNames ids={p.spec.groupIDs} organizationID={page.organizationID} />,
    },
    {
      key: 'age',
      header: 'Created',
      sortable: true,
      width: 100,
      visibleFrom: 'lg',
      cell: (p) => <RelativeTime value={p.metadata.creationTime} short size="sm" />,
    },
  ]

  return (
    <IdentityListPage
      page={page}
      title="Projects"
      description="Where infrastructure lives. A project's groups decide who can work in it."
      create={{ to: paths.projectNew(), label: 'Create project', disabledReason: access.reason('projects', 'create') }}
      searchPlaceholder="Search name, description, tag or group"
      label="Projects"
      noun={['project', 'projects']}
      notOffered={{
        title: 'This platform does not list projects',
        description: 'Its identity service offers no project list. You can still create a project.',
        create: true,
      }}
      empty={{
        title: 'No projects yet',
        description:
          'Networks, file storage and instances live in a project. Create one and choose the groups that work in it.',
      }}
      noMatch={{ title: 'No projects match', description: 'Nothing matches the search.', clearLabel: 'Clear search' }}
      columns={columns}
    />
  )
}
