import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import type { Group as GroupResource } from '../../../api/schemas/identity'
import { EmptyState } from '../../../components/EmptyState'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { SearchField } from '../../../components/SearchField'
import type { Column } from '../../../components/VirtualTable'
import { matchesSearch, withValues } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { parseSort, sortBy, type SortState } from '../../../lib/sort'
import { userCount } from '../group-members'
import { q } from '../../../api/endpoint'
import { groupApi, roleApi } from '../../../api/identity'
import { FittedChips } from '../../../components/FittedChips'

const SORTABLE = ['name', 'users', 'serviceAccounts'] as const
const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

export function loader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (!organizationId) return null
    await queryClient.ensureQueryData(q(groupApi.list, { organizationID: organizationId })).catch((error: unknown) => {
      if (!isNotOffered(error)) throw error
    })
    void queryClient.prefetchQuery(q(roleApi.list, { organizationID: organizationId }))
    return null
  }
}

// Search and sort are applied in the browser: no need to load again when only they change.
export const shouldRevalidate = browserSideSearch()

function sortValue(group: GroupResource, key: string): string | number | undefined {
  switch (key) {
    case 'users':
      return -userCount(group)
    case 'serviceAccounts':
      return -(group.spec?.serviceAccountIDs.length ?? 0)
    default:
      return group.metadata.name
  }
}

export function Component() {
  const organizationID = useStoredScope().organizationId ?? ''
  const [params, setParams] = useSearchParams()
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const roles = useQuery({ ...q(roleApi.list, { organizationID }), enabled: Boolean(organizationID) })

  const searchText = params.get('q') ?? ''
  const sort = parseSort(params.get('sort'), SORTABLE, DEFAULT_SORT)
  const query = useDeferredValue(searchText)
  const roleName = useMemo(() => new Map((roles.data ?? []).map((r) => [r.metadata.id, r.metadata.name])), [roles.data])
  const all = useMemo(() => groups.data ?? [], [groups.data])
  const rows = useMemo(() => {
    const matched = all.filter((g) =>
      matchesSearch(query, [
        g.metadata.name,
        g.metadata.id,
        g.metadata.description,
        ...(g.spec?.roleIDs ?? []).map((id) => roleName.get(id) ?? id),
      ]),
    )
    return sortBy(matched, (g) => sortValue(g, sort.key), sort.direction)
  }, [all, query, roleName, sort.key, sort.direction])

  const columns: Column<GroupResource>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (g) => (
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={paths.group(g.metadata.id)} fw={600} size="sm" truncate="end">
            {g.metadata.name}
          </Anchor>
          {g.metadata.description && (
            <Text size="xs" c="dimmed" truncate="end">
              {g.metadata.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'roles',
      header: 'Roles',
      width: 260,
      cell: (g) =>
        g.spec?.roleIDs.length ? (
          <FittedChips
            chips={g.spec.roleIDs.map((id) => {
              const text = roleName.get(id) ?? id
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

  const setParam = (key: string, values: string[]) => setParams(withValues(params, key, values), { replace: true })

  return (
    <>
      <PageHeader
        title="Groups"
        description="What people and service accounts may do: a group grants its roles to its members, in the projects that list it."
      />
      <Group gap="md" mb="md">
        <SearchField
          value={searchText}
          onChange={(value) => setParam('q', [value])}
          placeholder="Search name, description or role"
        />
      </Group>
      <ListResults
        label="Groups"
        noun={['group', 'groups']}
        rows={rows}
        total={all.length}
        filtered={searchText !== ''}
        loading={groups.isPending && Boolean(organizationID)}
        pending={groups.isPending}
        unavailable={
          isNotOffered(groups.error) ? (
            <EmptyState
              title="This platform does not list groups"
              description="Its identity service offers no group list. Forms that take groups accept group ids instead."
            />
          ) : groups.error ? (
            <EmptyState
              title="Groups could not be loaded"
              description={groups.error.message}
              action={
                <Button variant="light" onClick={() => void groups.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : undefined
        }
        empty={{
          title: 'No groups',
          description: "This organization has no groups yet; they are managed by the platform's administrators.",
        }}
        noMatch={{ title: 'No groups match', description: 'Nothing matches the search.', clearLabel: 'Clear search' }}
        columns={columns}
        rowKey={(g) => g.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        rowHeight={56}
      />
    </>
  )
}
