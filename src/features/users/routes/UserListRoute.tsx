import { userName } from '../user-name'
import { Chip } from '../../../components/mantine/Chip'
import { Group } from '../../../components/mantine/Group'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { USER_STATES, type User } from '../../../api/schemas/identity'
import { ageColumn, groupsColumn } from '../../../components/list/columns'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import { NameCell } from '../../../components/NameCell'
import { RelativeTime } from '../../../components/RelativeTime'
import { StatusBadge } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { listRoute, organizationList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { paths } from '../../../lib/paths'
import { metadataSearch } from '../../../lib/row-keys'
import { groupApi, userApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = organizationList(resources.users, 'Search address, name, group or tag', userApi.list, {
  names: groupApi.list,
})

const ROWS = {
  sortable: ['subject', 'state', 'active', 'added'],
  defaultSort: { key: 'subject', direction: 'asc' } as const,
  sortValue: (user: User, key: string) => {
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
  },
  search: (u: User, groupName: Map<string, string>) => [
    u.spec.subject,
    ...metadataSearch(u),
    ...u.spec.groupIDs.map((id) => groupName.get(id) ?? id),
  ],
}

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(userApi.delete, (u: User, organizationID) => ({ organizationID, userID: u.metadata.id }))

export function Component() {
  const states = useStates()
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, { ...ROWS, context: page.nameById, keep: states.keep })

  const columns: Column<User>[] = [
    {
      key: 'subject',
      header: 'User',
      sortable: true,
      width: 270,
      cell: (u) => (
        <NameCell
          to={paths.users.item(u.metadata.id)}
          name={u.spec.subject}
          description={u.metadata.description || userName(u)}
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
    groupsColumn(page.organizationID, {}),
    {
      key: 'active',
      header: 'Last active',
      sortable: true,
      width: 140,
      cell: (u) => <RelativeTime value={u.status?.lastActive} size="sm" />,
    },
    ageColumn({ key: 'added', header: 'Added', width: 100, visibleFrom: 'lg' }),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="People who sign in to this organization. Their groups decide what they can do, in which projects."
      extraFilters={
        <Chip.Group multiple value={states.values} onChange={(values) => page.setParam('state', values)}>
          <Group gap={6} role="group" aria-label="Filter by state">
            {USER_STATES.map((state) => (
              <Chip key={state} value={state} size="sm" variant="outline">
                {state}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      }
      extraFiltered={states.values.length > 0}
      noMatchDescription="Nothing matches the search and state filters."
      emptyDescription="Add the people who should sign in to this organization, and choose their groups."
      shown={shown}
      columns={columns}
    />
  )
}

/** The state filter from the URL: the chips' values and the rows they keep. */
function useStates() {
  const [params] = useSearchParams()
  // getAll gives a new array each render: keyed by its text, the filter (and the rows) stay while the URL does.
  const joined = params.getAll('state').join('\n')
  const values = useMemo(() => (joined ? joined.split('\n') : []), [joined])
  const keep = useCallback((u: User) => values.length === 0 || values.includes(u.spec.state), [values])
  return { values, keep }
}
