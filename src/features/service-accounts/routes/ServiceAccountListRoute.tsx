import { Alert, Button, Chip, Group, Text } from '@mantine/core'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { isNotOffered } from '../../../api/errors'

import type { ServiceAccount } from '../../../api/schemas/identity'
import { EmptyState } from '../../../components/EmptyState'
import { GroupNames } from '../../../components/GroupNames'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { SearchField } from '../../../components/SearchField'
import type { Column } from '../../../components/VirtualTable'
import { formatTag } from '../../../lib/format'
import { matchesSearch, withValues } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { browserSideSearch } from '../../../lib/route-module'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { parseSort, sortBy, type SortState } from '../../../lib/sort'
import { ExpiryBadge } from '../components/ExpiryBadge'
import { NameCell } from '../../../components/NameCell'
import { EXPIRY_WARNING_DAYS, expiryOf, needsAttention } from '../expiry'
import { q } from '../../../api/endpoint'
import { groupApi, serviceAccountApi } from '../../../api/identity'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const SORTABLE = ['name', 'expiry', 'age'] as const
const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

export function loader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (!organizationId) return null
    await queryClient
      .ensureQueryData(q(serviceAccountApi.list, { organizationID: organizationId }))
      .catch((error: unknown) => {
        if (!isNotOffered(error)) throw error
      })
    void queryClient.prefetchQuery(q(groupApi.list, { organizationID: organizationId }))
    return null
  }
}

// Search, the expiry filter and sort are applied in the browser: no need to load again when only they change.
export const shouldRevalidate = browserSideSearch()

function sortValue(account: ServiceAccount, key: string): string | number | undefined {
  switch (key) {
    case 'expiry': {
      const at = Date.parse(account.status?.expiry ?? '')
      return Number.isNaN(at) ? undefined : at
    }
    case 'age':
      return -Date.parse(account.metadata.creationTime)
    default:
      return account.metadata.name
  }
}

export function Component() {
  const access = useAccess()
  const organizationID = useStoredScope().organizationId ?? ''
  const [params, setParams] = useSearchParams()
  const accounts = useQuery({ ...q(serviceAccountApi.list, { organizationID }), enabled: Boolean(organizationID) })
  const groups = useQuery({ ...q(groupApi.list, { organizationID }), enabled: Boolean(organizationID) })
  // One clock for the whole table, so every row is judged against the same moment.
  const [now] = useState(Date.now)

  const searchText = params.get('q') ?? ''
  const expiring = params.get('expiring') === '1'
  const sort = parseSort(params.get('sort'), SORTABLE, DEFAULT_SORT)
  const query = useDeferredValue(searchText)
  const groupName = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g.metadata.id, g.metadata.name])),
    [groups.data],
  )
  const all = useMemo(() => accounts.data ?? [], [accounts.data])
  const attention = useMemo(() => all.filter((a) => needsAttention(expiryOf(a.status?.expiry, now))), [all, now])
  const rows = useMemo(() => {
    const matched = (expiring ? attention : all).filter((a) =>
      matchesSearch(query, [
        a.metadata.name,
        a.metadata.id,
        a.metadata.description,
        ...a.spec.groupIDs.map((id) => groupName.get(id) ?? id),
        ...(a.metadata.tags ?? []).map(formatTag),
      ]),
    )
    return sortBy(matched, (a) => sortValue(a, sort.key), sort.direction)
  }, [all, attention, expiring, query, groupName, sort.key, sort.direction])

  const columns: Column<ServiceAccount>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      cell: (a) => (
        <NameCell
          to={paths.serviceAccount(a.metadata.id)}
          name={a.metadata.name}
          description={a.metadata.description}
          tags={a.metadata.tags}
        />
      ),
    },
    {
      key: 'groups',
      header: 'Groups',
      width: 220,
      cell: (a) => <GroupNames ids={a.spec.groupIDs} organizationID={organizationID} />,
    },
    {
      key: 'expiry',
      header: 'Token expiry',
      sortable: true,
      width: 180,
      cell: (a) => <ExpiryBadge expiry={a.status?.expiry} now={now} />,
    },
    {
      key: 'age',
      header: 'Created',
      sortable: true,
      width: 100,
      visibleFrom: 'lg',
      cell: (a) => <RelativeTime value={a.metadata.creationTime} short size="sm" />,
    },
  ]

  const setParam = (key: string, values: string[]) => setParams(withValues(params, key, values), { replace: true })
  const createButton = (
    <PermittedAction to={paths.serviceAccountNew()} disabledReason={access.reason('serviceAccounts', 'create')}>
      Create service account
    </PermittedAction>
  )

  return (
    <>
      <PageHeader
        title="Service accounts"
        description="Long-lived tokens for pipelines and tools. Their groups decide what the token may do."
        actions={createButton}
      />
      {attention.length > 0 && !expiring && (
        <Alert
          color="orange"
          variant="light"
          mb="md"
          title={`${attention.length} token${attention.length === 1 ? '' : 's'} expired or expiring within ${EXPIRY_WARNING_DAYS} days`}
        >
          <Group gap="sm">
            <Text size="sm">Rotate a token to give it a new lifetime; whatever uses it needs the new one.</Text>
            <Button size="compact-sm" variant="light" color="orange" onClick={() => setParam('expiring', ['1'])}>
              Show them
            </Button>
          </Group>
        </Alert>
      )}
      <Group gap="md" mb="md" align="center" wrap="wrap">
        <SearchField
          value={searchText}
          onChange={(value) => setParam('q', [value])}
          placeholder="Search name, description, group or tag"
        />
        <Chip
          checked={expiring}
          onChange={(checked) => setParam('expiring', checked ? ['1'] : [])}
          variant="outline"
          size="sm"
        >
          Expired or expiring soon
        </Chip>
      </Group>
      <ListResults
        label="Service accounts"
        noun={['service account', 'service accounts']}
        rows={rows}
        total={all.length}
        filtered={searchText !== '' || expiring}
        loading={accounts.isPending && Boolean(organizationID)}
        pending={accounts.isPending}
        unavailable={
          isNotOffered(accounts.error) ? (
            <EmptyState
              title="This platform does not list service accounts"
              description="Its identity service offers no list of service accounts."
            />
          ) : accounts.error ? (
            <EmptyState
              title="Service accounts could not be loaded"
              description={accounts.error.message}
              action={
                <Button variant="light" onClick={() => void accounts.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : undefined
        }
        empty={{
          title: 'No service accounts yet',
          description:
            'A service account gives a pipeline or tool its own token, with only the access its groups grant.',
          action: createButton,
        }}
        noMatch={{ title: 'No service accounts match', description: 'Nothing matches the search and expiry filter.' }}
        columns={columns}
        rowKey={(a) => a.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        rowHeight={56}
      />
    </>
  )
}
