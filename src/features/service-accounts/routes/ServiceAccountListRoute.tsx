import { Alert } from '../../../components/mantine/Alert'
import { Button } from '../../../components/mantine/Button'
import { Chip } from '../../../components/mantine/Chip'
import { Group } from '../../../components/mantine/Group'
import { Text } from '../../../components/mantine/Text'
import { useCallback, useMemo, useState } from 'react'
import type { ServiceAccount } from '../../../api/schemas/identity'
import { ageColumn, groupsColumn, nameColumn, statusColumn } from '../../../components/list/columns'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import type { Column } from '../../../components/VirtualTable'
import { withParam } from '../../../lib/list-filters'
import { listRoute, organizationList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { paths } from '../../../lib/paths'
import { useUrlParams } from '../../../lib/url-params'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { ExpiryBadge } from '../components/ExpiryBadge'
import { EXPIRY_WARNING_DAYS, expiryOf, needsAttention } from '../expiry'
import { groupApi, serviceAccountApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = organizationList(
  resources.serviceAccounts,
  'Search name, description, group or tag',
  serviceAccountApi.list,
  { names: groupApi.list },
)

const ROWS = {
  sortable: ['name', 'status', 'expiry', 'age'],
  sortValue: (account: ServiceAccount, key: string) => {
    if (key !== 'expiry') return metadataSortValue(account, key)
    const at = Date.parse(account.status?.expiry ?? '')
    return Number.isNaN(at) ? undefined : at
  },
  search: (a: ServiceAccount, groupName: Map<string, string>) => [
    ...metadataSearch(a),
    ...a.spec.groupIDs.map((id) => groupName.get(id) ?? id),
  ],
}

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(
  serviceAccountApi.delete,
  (a: ServiceAccount, organizationID) => ({
    organizationID,
    serviceAccountID: a.metadata.id,
  }),
  { consequence: 'Their tokens stop working at once.' },
)

export function Component() {
  // One clock for the whole table, so every row is judged against the same moment.
  const [now] = useState(Date.now)
  const attends = useCallback((a: ServiceAccount) => needsAttention(expiryOf(a.status?.expiry, now)), [now])
  const [expiring, setExpiring] = useExpiringFilter()
  const page = useList(source)
  const shown = useListRows(page.all, page.filters, {
    ...ROWS,
    context: page.nameById,
    keep: expiring ? attends : undefined,
  })
  const attention = useMemo(() => page.all.filter(attends).length, [page.all, attends])

  const columns: Column<ServiceAccount>[] = [
    nameColumn(paths.serviceAccounts.item, ['description', 'tags']),
    statusColumn({ width: 130 }),
    // Below 1200 px the groups give way to the status, so the names keep their room; each account's page lists them.
    groupsColumn(page.organizationID, { width: 220, visibleFrom: 'lg' }),
    {
      key: 'expiry',
      header: 'Token expiry',
      sortable: true,
      width: 180,
      cell: (a) => <ExpiryBadge expiry={a.status?.expiry} now={now} />,
    },
    ageColumn({ header: 'Created', width: 100, visibleFrom: 'lg' }),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="Long-lived tokens for pipelines and tools. Their groups decide what the token may do."
      notice={
        attention > 0 &&
        !expiring && (
          <Alert
            color="amber"
            variant="light"
            mb="md"
            title={`${attention} token${attention === 1 ? '' : 's'} expired or expiring within ${EXPIRY_WARNING_DAYS} days`}
          >
            <Group gap="sm">
              <Text size="sm">Rotate a token to give it a new lifetime; whatever uses it needs the new one.</Text>
              <Button size="compact-sm" variant="light" color="amber" onClick={() => setExpiring(true)}>
                Show them
              </Button>
            </Group>
          </Alert>
        )
      }
      extraFilters={
        <Chip checked={expiring} onChange={setExpiring} variant="outline" size="sm">
          Expired or expiring soon
        </Chip>
      }
      extraFiltered={expiring}
      noMatchDescription="Nothing matches the search and expiry filter."
      emptyDescription="A service account gives a pipeline or tool its own token, with only the access its groups grant."
      shown={shown}
      columns={columns}
    />
  )
}

/** The expiry filter, `expiring=1` in the URL. */
function useExpiringFilter() {
  const [params, setParams] = useUrlParams()
  const expiring = params.get('expiring') === '1'
  const set = (on: boolean) => setParams((newest) => withParam(newest, 'expiring', on ? ['1'] : []), { replace: true })
  return [expiring, set] as const
}
