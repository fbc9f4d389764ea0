import { Anchor } from '../../../components/mantine/Anchor'
import { CloseButton } from '../../../components/mantine/CloseButton'
import { Group } from '../../../components/mantine/Group'
import { Pill } from '../../../components/mantine/Pill'
import { Text } from '../../../components/mantine/Text'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Flavor, Instance } from '../../../api/schemas/regional'
import { CodeCell } from '../../../components/CodeCell'
import { CopyableId } from '../../../components/CopyableId'
import { ListPage } from '../../../components/list/ListPage'
import { ageColumn, nameColumn } from '../../../components/list/columns'
import { regionColumn } from '../../../components/list/regional-columns'
import type { Column } from '../../../components/VirtualTable'
import { readRegionalFilters, toApiFilters, withParam, type RegionalFilterState } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { listRoute, regionalList, useList } from '../../../lib/list-page'
import type { Scope } from '../../../lib/scope'
import { tagTexts, useListRows } from '../../../lib/use-list-rows'
import { regionalSortValue } from '../../../lib/row-keys'
import { BulkPowerActions } from '../components/BulkPowerActions'
import { InstanceState } from '../../../components/InstanceState'
import { rowDelete } from '../../../components/list/row-delete'
import { q } from '../../../api/endpoint'
import { flavorApi } from '../../../api/catalogs'
import { instanceApi } from '../../../api/instances'
import { networkApi } from '../../../api/networks'
import { resources } from '../../../lib/resources'
import { namesById, useNamesOf } from '../../../lib/use-scope-names'

const SORTABLE = ['name', 'state', 'privateIP', 'flavor', 'region', 'age'] as const

interface InstanceFilterState extends RegionalFilterState {
  networkIds: string[]
}

const source = regionalList(resources.instances, 'Search name, IP, flavor or tag', {
  /** The regional filters plus `network` (repeatable), which the networks' detail page links with. */
  read: (params: URLSearchParams, scope: Scope): InstanceFilterState => ({
    ...readRegionalFilters(params, scope),
    networkIds: params.getAll('network').filter(Boolean),
  }),
  query: ({ networkIds, ...state }: InstanceFilterState) =>
    q(instanceApi.list, { ...toApiFilters(state), ...(networkIds.length ? { networkID: networkIds } : {}) }),
})

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(instanceApi.delete, (i: Instance) => ({ instanceID: i.metadata.id }), {
  consequence: 'They are removed with their disks.',
})

// Module level, so useQueries keeps its result (and the rows memo) until a flavor list actually changes.
const flavorNames = (results: { data?: Flavor[] }[]) => namesById(results.flatMap((result) => result.data ?? []))

/** An IPv4 address as a number, so addresses sort numerically and fast. */
const ipOrder = (ip: string | undefined) =>
  ip ? ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0) : undefined

type FlavorNames = Map<string, string>

const search = (i: Instance, flavorName: FlavorNames) => [
  i.metadata.name,
  i.metadata.id,
  i.status.privateIP,
  i.status.publicIP,
  i.status.powerState,
  flavorName.get(i.spec.flavorId),
  ...tagTexts(i.metadata.tags),
]

function sortValue(i: Instance, key: string, flavorName: FlavorNames): string | number | undefined {
  switch (key) {
    case 'state':
      return i.metadata.provisioningStatus === 'error' ? 'error' : i.status.powerState
    case 'privateIP':
      return ipOrder(i.status.privateIP)
    case 'flavor':
      return flavorName.get(i.spec.flavorId) ?? i.spec.flavorId
    default:
      return regionalSortValue(i, key)
  }
}

export function Component() {
  const page = useList(source)
  const { filters: state, organizationID, all } = page
  const { networkIds } = state
  const { regions, regionName } = page.names
  const networks = useQuery({
    ...q(networkApi.list, { organizationID: [organizationID] }),
    enabled: Boolean(organizationID),
  })
  // Flavors are listed per region: one list per region of the organization, combined into one name lookup.
  const flavorName = useQueries({
    queries: regions.map((r) => ({
      ...q(flavorApi.list, { organizationID, regionID: r.metadata.id }),
      enabled: Boolean(organizationID),
    })),
    combine: flavorNames,
  })

  const networkName = useNamesOf(networks.data)

  const list = useListRows(all, state, { sortable: SORTABLE, search, sortValue, context: flavorName, regionName })
  const columns: Column<Instance>[] = [
    nameColumn(paths.instances.item, ['tags']),
    { key: 'state', header: 'State', sortable: true, width: 105, cell: (i) => <InstanceState instance={i} /> },
    {
      key: 'privateIP',
      header: 'Private IP',
      sortable: true,
      width: 150,
      cell: (i) =>
        i.status.privateIP ? (
          <CopyableId value={i.status.privateIP} label="private IP" />
        ) : (
          <Text size="xs" c="dimmed">
            {/* An instance that failed to provision gets no address: "Assigning…" promised one. */}
            {i.metadata.provisioningStatus === 'error' ? 'None' : 'Assigning…'}
          </Text>
        ),
    },
    {
      key: 'publicIP',
      header: 'Public IP',
      width: 135,
      // Below 1200 px it gives way (most instances have none), so the name, state and private address read whole.
      visibleFrom: 'lg',
      cell: (i) =>
        i.status.publicIP ? (
          <CopyableId value={i.status.publicIP} label="public IP" />
        ) : (
          <Text size="xs" c="dimmed">
            {i.spec.networking?.publicIP ? 'Assigning…' : 'None'}
          </Text>
        ),
    },
    {
      key: 'flavor',
      header: 'Flavor',
      sortable: true,
      width: 145,
      cell: (i) => <CodeCell>{flavorName.get(i.spec.flavorId) ?? i.spec.flavorId}</CodeCell>,
    },
    {
      key: 'network',
      header: 'Network',
      width: 150,
      visibleFrom: 'lg',
      cell: (i) => (
        <Anchor component={Link} to={paths.networks.item(i.status.networkId)} size="sm" truncate="end">
          {networkName.get(i.status.networkId) ?? i.status.networkId}
        </Anchor>
      ),
    },
    // Hidden below 1200 px with the network and the age, so the state and addresses keep room to be read whole.
    regionColumn(regionName, { width: 100, visibleFrom: 'lg' }),
    ageColumn({ width: 80, visibleFrom: 'lg' }),
  ]

  return (
    <ListPage
      page={page}
      description="Virtual machines and bare-metal servers: power state, addresses, flavor and network."
      emptyDescription="An instance runs your workload on a network, with a flavor and an image. Create one, or widen the project and region filters."
      noMatchDescription={
        networkIds.length
          ? 'No instance in this scope is on the chosen network, or nothing matches the search and tags.'
          : undefined
      }
      extraFilters={networkIds.map((id) => (
        <Pill key={id} size="lg" withRemoveButton={false} mt={4}>
          <Group gap={4} wrap="nowrap">
            Network: {networkName.get(id) ?? id}
            <CloseButton
              size="xs"
              aria-label={`Remove network filter ${networkName.get(id) ?? id}`}
              onClick={() =>
                page.setParams(
                  (params) =>
                    withParam(
                      params,
                      'network',
                      networkIds.filter((n) => n !== id),
                    ),
                  { replace: true },
                )
              }
            />
          </Group>
        </Pill>
      ))}
      extraFiltered={networkIds.length > 0}
      remove={remove}
      bulk={{
        verbs: 'start, stop or delete',
        actions: (selected, clear) => <BulkPowerActions selected={selected} onClear={clear} />,
      }}
      shown={list}
      columns={columns}
    />
  )
}
