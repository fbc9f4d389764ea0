import { Alert, Button, Chip, Group, Text } from '@mantine/core'
import { useCallback, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { ServiceAccount } from '../../../api/schemas/identity'
import { ageColumn, groupsColumn, nameColumn } from '../../../components/list/columns'
import { IdentityListPage } from '../../../components/list/IdentityListPage'
import type { Column } from '../../../components/VirtualTable'
import { withParam } from '../../../lib/list-filters'
import { identityList, identityListRoute, useIdentityList } from '../../../lib/identity-list'
import { paths } from '../../../lib/paths'
import { metadataSearch, metadataSortValue } from '../../../lib/row-keys'
import { ExpiryBadge } from '../components/ExpiryBadge'
import { EXPIRY_WARNING_DAYS, expiryOf, needsAttention } from '../expiry'
import { groupApi, serviceAccountApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

const source = identityList(resources.serviceAccounts, {
  list: serviceAccountApi.list,
  names: groupApi.list,
  sortable: ['name', 'expiry', 'age'],
  sortValue: (account: ServiceAccount, key) => {
    if (key !== 'expiry') return metadataSortValue(account, key)
    const at = Date.parse(account.status?.expiry ?? '')
    return Number.isNaN(at) ? undefined : at
  },
  searchPlaceholder: 'Search name, description, group or tag',
  searchText: (a, groupName) => [...metadataSearch(a), ...a.spec.groupIDs.map(groupName)],
})

export const { loader, shouldRevalidate } = identityListRoute(source)

export function Component() {
  // One clock for the whole table, so every row is judged against the same moment.
  const [now] = useState(Date.now)
  const attends = useCallback((a: ServiceAccount) => needsAttention(expiryOf(a.status?.expiry, now)), [now])
  const [expiring, setExpiring] = useExpiringFilter()
  const page = useIdentityList(source, expiring ? attends : undefined)
  const attention = useMemo(() => page.all.filter(attends).length, [page.all, attends])

  const columns: Column<ServiceAccount>[] = [
    nameColumn(paths.serviceAccount, ['description', 'tags']),
    groupsColumn(page.organizationID, { width: 220 }),
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
    <IdentityListPage
      page={page}
      description="Long-lived tokens for pipelines and tools. Their groups decide what the token may do."
      notice={
        attention > 0 &&
        !expiring && (
          <Alert
            color="orange"
            variant="light"
            mb="md"
            title={`${attention} token${attention === 1 ? '' : 's'} expired or expiring within ${EXPIRY_WARNING_DAYS} days`}
          >
            <Group gap="sm">
              <Text size="sm">Rotate a token to give it a new lifetime; whatever uses it needs the new one.</Text>
              <Button size="compact-sm" variant="light" color="orange" onClick={() => setExpiring(true)}>
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
      columns={columns}
    />
  )
}

/** The expiry filter, `expiring=1` in the URL. */
function useExpiringFilter() {
  const [params, setParams] = useSearchParams()
  const expiring = params.get('expiring') === '1'
  const set = (on: boolean) => setParams(withParam(params, 'expiring', on ? ['1'] : []), { replace: true })
  return [expiring, set] as const
}
