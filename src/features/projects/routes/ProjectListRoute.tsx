import { Button, Group } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import type { Project } from '../../../api/schemas/identity'
import { anySettling } from '../../../api/settling'

import { EmptyState } from '../../../components/EmptyState'
import { GroupNames } from '../../../components/GroupNames'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { SearchField } from '../../../components/SearchField'
import { ResourceStatus } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { NameCell } from '../../../components/NameCell'
import { matchesSearch, withValues } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { parseSort, sortBy, type SortState } from '../../../lib/sort'
import { q } from '../../../api/endpoint'
import { groupApi, projectApi } from '../../../api/identity'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const SORTABLE = ['name', 'status', 'age'] as const
const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

export function loader(queryClient: QueryClient) {
  return async () => {
    // ensureScope has loaded the organization's projects already (the scope switcher reads the same list).
    const { organizationId } = await ensureScope(queryClient)
    if (organizationId) void queryClient.prefetchQuery(q(groupApi.list, { organizationID: organizationId }))
    return null
  }
}

// Search and sort are applied in the browser: no need to load again when only they change.
export const shouldRevalidate = browserSideSearch()

function sortValue(project: Project, key: string): string | number | undefined {
  switch (key) {
    case 'status':
      return project.metadata.provisioningStatus
    case 'age':
      return -Date.parse(project.metadata.creationTime)
    default:
      return project.metadata.name
  }
}

export function Component() {
  const access = useAccess()
  const organizationID = useStoredScope().organizationId ?? ''
  const [params, setParams] = useSearchParams()
  const projects = useQuery({
    ...q(projectApi.list, { organizationID }),
    enabled: Boolean(organizationID),
    // A new project provisions asynchronously: poll until every one has settled.
    refetchInterval: (query) => (anySettling(query.state.data) ? 1000 : false),
  })
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })

  const searchText = params.get('q') ?? ''
  const sort = parseSort(params.get('sort'), SORTABLE, DEFAULT_SORT)
  const query = useDeferredValue(searchText)
  const groupName = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g.metadata.id, g.metadata.name])),
    [groups.data],
  )
  const all = useMemo(() => projects.data ?? [], [projects.data])
  const rows = useMemo(() => {
    const matched = all.filter((p) =>
      matchesSearch(query, [
        p.metadata.name,
        p.metadata.id,
        p.metadata.description,
        ...(p.metadata.tags ?? []).map((t) => `${t.name}=${t.value}`),
        ...p.spec.groupIDs.map((id) => groupName.get(id) ?? id),
      ]),
    )
    return sortBy(matched, (p) => sortValue(p, sort.key), sort.direction)
  }, [all, query, groupName, sort.key, sort.direction])

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
      cell: (p) => <GroupNames ids={p.spec.groupIDs} organizationID={organizationID} />,
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

  const setParam = (key: string, values: string[]) => setParams(withValues(params, key, values), { replace: true })
  const createButton = (
    <PermittedAction to={paths.projectNew()} disabledReason={access.reason('projects', 'create')}>
      Create project
    </PermittedAction>
  )

  return (
    <>
      <PageHeader
        title="Projects"
        description="Where infrastructure lives. A project's groups decide who can work in it."
        actions={createButton}
      />
      <Group gap="md" mb="md">
        <SearchField
          value={searchText}
          onChange={(value) => setParam('q', [value])}
          placeholder="Search name, description, tag or group"
        />
      </Group>
      <ListResults
        label="Projects"
        noun={['project', 'projects']}
        rows={rows}
        total={all.length}
        filtered={searchText !== ''}
        loading={projects.isPending && Boolean(organizationID)}
        pending={projects.isPending}
        unavailable={
          isNotOffered(projects.error) ? (
            <EmptyState
              title="This platform does not list projects"
              description="Its identity service offers no project list. You can still create a project."
              action={createButton}
            />
          ) : projects.error ? (
            <EmptyState
              title="Projects could not be loaded"
              description={projects.error.message}
              action={
                <Button variant="light" onClick={() => void projects.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : undefined
        }
        empty={{
          title: 'No projects yet',
          description:
            'Networks, file storage and instances live in a project. Create one and choose the groups that work in it.',
          action: createButton,
        }}
        noMatch={{ title: 'No projects match', description: 'Nothing matches the search.', clearLabel: 'Clear search' }}
        columns={columns}
        rowKey={(p) => p.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        rowHeight={56}
      />
    </>
  )
}
