import { Grid } from '@mantine/core'
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Flavor } from '../../../api/schemas/regional'
import { anySettling } from '../../../api/settling'
import { organizationApi } from '../../../api/identity'
import { q } from '../../../api/endpoint'
import { PageHeader } from '../../../components/PageHeader'
import { paths } from '../../../lib/paths'
import { useStoredScope } from '../../../lib/scope'
import { ensureScope } from '../../../lib/scope-loader'
import { AttentionPanel } from '../components/AttentionPanel'
import { CheapestModels } from '../components/CheapestModels'
import { FlavorPanel } from '../components/FlavorPanel'
import { QuotaPanel } from '../components/QuotaPanel'
import { ResourceCounts } from '../components/ResourceCounts'
import { flavorBreakdown, needsAttention } from '../overview-data'
import { overviewQueries, prefetchOverview } from '../overview-queries'

export function loader(queryClient: QueryClient) {
  return async () => {
    const { organizationId } = await ensureScope(queryClient)
    if (organizationId) prefetchOverview(queryClient, organizationId)
    return null
  }
}

// The lists poll while anything in them settles, as the list pages do: the attention panel is live.
const live = {
  refetchInterval: (query: { state: { data: unknown } }) => (anySettling(query.state.data) ? 1000 : false),
}

// The whole organization: the lists' "all projects, all regions" view, which shares the overview's cache entries.
const everywhere = { project: 'all', region: 'all' }

const combineFlavors = (results: { data?: Flavor[] }[]) =>
  new Map(results.flatMap((result) => result.data ?? []).map((f) => [f.metadata.id, f]))

export function Component() {
  const organizationID = useStoredScope().organizationId ?? ''
  const enabled = Boolean(organizationID)
  const use = <T,>(options: T) => ({ ...options, enabled })

  const networks = useQuery({ ...use(overviewQueries.networks(organizationID)), ...live })
  const securityGroups = useQuery({ ...use(overviewQueries.securityGroups(organizationID)), ...live })
  const fileStorage = useQuery({ ...use(overviewQueries.fileStorage(organizationID)), ...live })
  const instances = useQuery({ ...use(overviewQueries.instances(organizationID)), ...live })
  const users = useQuery(use(overviewQueries.users(organizationID)))
  const serviceAccounts = useQuery(use(overviewQueries.serviceAccounts(organizationID)))
  const projects = useQuery(use(overviewQueries.projects(organizationID)))
  const groups = useQuery(use(overviewQueries.groups(organizationID)))
  const quotas = useQuery(use(overviewQueries.quotas(organizationID)))
  const models = useQuery(use(overviewQueries.models(organizationID)))
  const regions = useQuery(use(overviewQueries.regions(organizationID)))
  const organizations = useQuery(q(organizationApi.list, {}))
  const flavors = useQueries({
    queries: (regions.data ?? []).map((r) => use(overviewQueries.flavors(organizationID, r.metadata.id))),
    combine: combineFlavors,
  })

  const attention = useMemo(
    () =>
      needsAttention([
        { kind: 'instance', items: instances.data ?? [] },
        { kind: 'network', items: networks.data ?? [] },
        { kind: 'securityGroup', items: securityGroups.data ?? [] },
        { kind: 'fileStorage', items: fileStorage.data ?? [] },
      ]),
    [instances.data, networks.data, securityGroups.data, fileStorage.data],
  )
  const breakdown = useMemo(() => flavorBreakdown(instances.data ?? [], flavors), [instances.data, flavors])
  const power = useMemo(() => {
    const running = (instances.data ?? []).filter((i) => i.status.powerState === 'Running').length
    const stopped = (instances.data ?? []).filter((i) => i.status.powerState === 'Stopped').length
    // A narrow tile wraps between the two states, never inside one.
    return `${running}\u00a0running · ${stopped}\u00a0stopped`
  }, [instances.data])

  const organizationName = organizations.data?.find((o) => o.metadata.id === organizationID)?.metadata.name
  return (
    <>
      <PageHeader
        title="Overview"
        description={`${organizationName ?? 'Your organization'} at a glance: what you have, what is changing and what it costs.`}
      />
      <ResourceCounts
        counts={[
          { label: 'Instances', to: paths.instances(everywhere), query: instances, detail: power },
          { label: 'Networks', to: paths.networks(everywhere), query: networks },
          { label: 'Security groups', to: paths.securityGroups(everywhere), query: securityGroups },
          { label: 'File storage', to: paths.fileStorages(everywhere), query: fileStorage },
          { label: 'Projects', to: paths.projects(), query: projects },
          { label: 'Users', to: paths.users(), query: users },
          { label: 'Service accounts', to: paths.serviceAccounts(), query: serviceAccounts },
          { label: 'Groups', to: paths.groups(), query: groups },
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AttentionPanel items={attention} queries={[instances, networks, securityGroups, fileStorage]} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <QuotaPanel query={quotas} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FlavorPanel breakdown={breakdown} queries={[instances, regions]} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CheapestModels query={models} />
        </Grid.Col>
      </Grid>
    </>
  )
}
