import { Badge } from '../../../components/mantine/Badge'
import { Text } from '../../../components/mantine/Text'
import type { Group as GroupResource } from '../../../api/schemas/identity'
import { FittedChips } from '../../../components/FittedChips'
import { nameColumn, statusColumn } from '../../../components/list/columns'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, organizationList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { paths } from '../../../lib/paths'
import { metadataSortValue } from '../../../lib/row-keys'
import { userCount } from '../group-members'
import { groupApi, roleApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = organizationList(resources.groups, 'Search name, description or role', groupApi.list, {
  names: roleApi.list,
})

const ROWS = {
  sortable: ['name', 'status', 'users', 'serviceAccounts'],
  sortValue: (group: GroupResource, key: string) => {
    switch (key) {
      case 'users':
        return -userCount(group)
      case 'serviceAccounts':
        return -(group.spec?.serviceAccountIDs.length ?? 0)
      default:
        return metadataSortValue(group, key)
    }
  },
  search: (g: GroupResource, roleName: Map<string, string>) => [
    g.metadata.name,
    g.metadata.id,
    g.metadata.description,
    ...(g.spec?.roleIDs ?? []).map((id) => roleName.get(id) ?? id),
  ],
}

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(
  groupApi.delete,
  (g: GroupResource, organizationID) => ({ organizationID, groupID: g.metadata.id }),
  {
    consequence: 'Their members lose what the groups granted.',
  },
)

export function Component() {
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, { ...ROWS, context: page.nameById })
  const roleName = (id: string) => page.nameById.get(id) ?? id

  const columns: Column<GroupResource>[] = [
    nameColumn(paths.groups.item, ['description']),
    statusColumn({ width: 130 }),
    {
      key: 'roles',
      header: 'Roles',
      width: 260,
      cell: (g) =>
        g.spec?.roleIDs.length ? (
          <FittedChips
            chips={g.spec.roleIDs.map((id) => {
              const text = roleName(id)
              return {
                key: `${id}=${text}`,
                text,
                node: (
                  <Badge color="iris" variant="light" title={text}>
                    {text}
                  </Badge>
                ),
              }
            })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    { key: 'users', header: 'Users', sortable: true, width: 90, cell: (g) => <Text size="sm">{userCount(g)}</Text> },
    {
      key: 'serviceAccounts',
      header: 'Service accounts',
      sortable: true,
      width: 160,
      // Below 1200 px it gives way to the status, so the names keep their room.
      visibleFrom: 'lg',
      cell: (g) => <Text size="sm">{g.spec?.serviceAccountIDs.length ?? 0}</Text>,
    },
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="What people and service accounts may do: a group grants its roles to its members, in the projects that list it."
      notListedHint="Forms that take groups accept group ids instead."
      emptyDescription="This organization has no groups yet. A group grants roles to its members, in the projects that list it."
      shown={shown}
      columns={columns}
    />
  )
}
