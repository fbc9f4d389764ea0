import { Button, Chip, Group } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import { USER_STATES, type User } from '../../../api/schemas/identity'
import { EmptyState } from '../../../components/EmptyState'
import { GroupNames } from '../../../components/GroupNames'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { SearchField } from '../../../components/SearchField'
import { StatusBadge } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { NameCell } from '../../../components/NameCell'
import { formatTag } from '../../../lib/format'
import { matchesSearch, withValues } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { parseSort, sortBy, type SortState } from '../../../lib/sort'
import { q } from '../../../api/endpoint'
import { groupApi, userApi } from '../../../api/identity'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const SORTABLE = ['subject', 'state', 'active', 'added'] as const
const DEFAULT_SORT: SortState = { key: 'subject', direction: 'asc' }

export function loader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (!organizationId) return null
    await queryClient.ensureQueryData(q(userApi.list, { organizationID: organizationId })).catch((error: unknown) => {
      if (!isNotOffered(error)) throw error
    })
    void queryClient.prefetchQuery(q(groupApi.list, { organizationID: organizationId }))
    return null
  }
}

// Search, state filter and sort live in the URL but are applied in the browser: no need to load again.
export const shouldRevalidate = browserSideSearch()

function sortValue(user: User, key: string): string | number | undefined {
  switch (key) {
    case 'state':
      return user.spec.state
    case 'active':
      // Most recent first when ascending; never-active users last.
      return user.status?.lastActive ? -Date.parse(user.status.lastActive) : undefined
    case 'added':
      return -Date.parse(user.metadata.creationTime)
    default:
      return user.spec.subject
  }
}

export function Component() {
  const access = useAccess()
  const organizationID = useStoredScope().organizationId ?? ''
  const [params, setParams] = useSearchParams()
  const users = useQuery({ ...q(userApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })

  const searchText = params.get('q') ?? ''
  const states = params.getAll('state')
  const sort = parseSort(params.get('sort'), SORTABLE, DEFAULT_SORT)
  const query = useDeferredValue(searchText)
  const groupName = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g.metadata.id, g.metadata.name])),
    [groups.data],
  )
  const all = useMemo(() => users.data ?? [], [users.data])
  const rows = useMemo(() => {
    const matched = all.filter(
      (u) =>
        (states.length === 0 || states.includes(u.spec.state)) &&
        matchesSearch(query, [
          u.spec.subject,
          u.metadata.name,
          u.metadata.id,
          u.metadata.description,
          ...u.spec.groupIDs.map((id) => groupName.get(id) ?? id),
          ...(u.metadata.tags ?? []).map(formatTag),
        ]),
    )
    return sortBy(matched, (u) => sortValue(u, sort.key), sort.direction)
  }, [all, states, query, groupName, sort.key, sort.direction])

  const columns: Column<User>[] = [
    {
      key: 'subject',
      header: 'User',
      sortable: true,
      width: 270,
      cell: (u) => (
        <NameCell
          to={paths.user(u.metadata.id)}
          name={u.spec.subject}
          description={u.metadata.description || u.metadata.name}
        />
      ),
    },
    {
      key: 'state',
      header: 'State',
      sortable: true,
      width: 120,
      cell: (u) => <StatusBadge value={u.spec.state} settling={false} />,
    },
    {
      key: 'groups',
      header: 'Groups',
      cell: (u) => <GroupNames ids={u.spec.groupIDs} organizationID={organizationID} />,
    },
    {
      key: 'active',
      header: 'Last active',
      sortable: true,
      width: 140,
      cell: (u) => <RelativeTime value={u.status?.lastActive} size="sm" />,
    },
    {
      key: 'added',
      header: 'Added',
      sortable: true,
      width: 100,
      visibleFrom: 'lg',
      cell: (u) => <RelativeTime value={u.metadata.creationTime} short size="sm" />,
    },
  ]

  const setParam = (key: string, values: string[]) => setParams(withValues(params, key, values), { replace: true })
  const filtered = searchText !== '' || states.length > 0
  const createButton = (
    <PermittedAction to={paths.userNew()} disabledReason={access.reason('users', 'create')}>
      Add user
    </PermittedAction>
  )

  return (
    <>
      <PageHeader
        title="Users"
        description="People who sign in to this organization. Their groups decide what they can do, in which projects."
        actions={createButton}
      />
      <Group gap="md" mb="md" align="center" wrap="wrap">
        <SearchField
          value={searchText}
          onChange={(value) => setParam('q', [value])}
          placeholder="Search address, name, group or tag"
        />
        <Chip.Group multiple value={states} onChange={(values) => setParam('state', values)}>
          <Group gap={6} role="group" aria-label="Filter by state">
            {USER_STATES.map((state) => (
              <Chip key={state} value={state} size="sm" variant="outline">
                {state}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      <ListResults
        label="Users"
        noun={['user', 'users']}
        rows={rows}
        total={all.length}
        filtered={filtered}
        loading={users.isPending && Boolean(organizationID)}
        pending={users.isPending}
        unavailable={
          isNotOffered(users.error) ? (
            <EmptyState
              title="This platform does not list users"
              description="Its identity service offers no user list. You can still add a user by address."
              action={createButton}
            />
          ) : users.error ? (
            <EmptyState
              title="Users could not be loaded"
              description={users.error.message}
              action={
                <Button variant="light" onClick={() => void users.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : undefined
        }
        empty={{
          title: 'No users yet',
          description: 'Add the people who should sign in to this organization, and choose their groups.',
          action: createButton,
        }}
        noMatch={{ title: 'No users match', description: 'Nothing matches the search and state filters.' }}
        columns={columns}
        rowKey={(u) => u.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        rowHeight={56}
      />
    </>
  )
}
