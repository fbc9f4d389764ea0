import { Badge, Text } from '@mantine/core'
import type { Group as GroupResource } from '../../../api/schemas/identity'
import { FittedChips } from '../../../components/FittedChips'
import { nameColumn } from '../../../components/list/columns'
import { IdentityListPage } from '../../../components/list/IdentityListPage'
import type { Column } from '../../../components/VirtualTable'
import { identityList, identityListRoute, useIdentityList } from '../../../lib/identity-list'
import { paths } from '../../../lib/paths'
import { metadataSortValue } from '../../../lib/row-keys'
import { userCount } from '../group-members'
import { groupApi, roleApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = identityList(resources.groups, {
  list: groupApi.list,
  names: roleApi.list,
  sortable: ['name', 'users', 'serviceAccounts'],
  sortValue: (group: GroupResource, key) => {
    switch (key) {
      case 'users':
        return -userCount(group)
      case 'serviceAccounts':
        return -(group.spec?.serviceAccountIDs.length ?? 0)
      default:
        return metadataSortValue(group, key)
    }
  },
  searchPlaceholder: 'Search name, description or role',
  searchText: (g, roleName) => [
    g.metadata.name,
    g.metadata.id,
    g.metadata.description,
    ...(g.spec?.roleIDs ?? []).map(roleName),
  ],
})

export const { loader, shouldRevalidate } = identityListRoute(source)

export function Component() {
  const page = useIdentityList(source)
  const roleName = (id: string) => page.nameById.get(id) ?? id

  const columns: Column<GroupResource>[] = [
    nameColumn(paths.group, ['description']),
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
                  <Badge color="blue" variant="light" title={text}>
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
      cell: (g) => <Text size="sm">{g.spec?.serviceAccountIDs.length ?? 0}</Text>,
    },
  ]

  return (
    <IdentityListPage
      page={page}
      description="What people and service accounts may do: a group grants its roles to its members, in the projects that list it."
      notListedHint="Forms that take groups accept group ids instead."
      emptyDescription="This organization has no groups yet; they are managed by the platform's administrators."
      columns={columns}
    />
  )
}
