// The queries the overview reads. The regional lists are the list pages' own queries for the whole organization
// (their "all projects, all regions" view), so the overview and the lists it links to share one cache entry each.

import type { EnsureQueryDataOptions, QueryClient } from '@tanstack/react-query'
import { anySettling } from '../../api/settling'
import type { Service } from '../../api/request'
import { allows, loadAcl } from '../../lib/permissions'
import { resources, type Resource } from '../../lib/resources'
import { waitAtMost } from '../../lib/wait-at-most'
import { readQuery } from '../../api/read'
import { OVERVIEW_COUNTED, overviewReads } from './overview-reads'

// The regional lists poll while anything in them settles, as the list pages do: the counts and the attention panel
// are live.
const live = {
  refetchInterval: (query: { state: { data: unknown } }) => (anySettling(query.state.data) ? 1000 : false),
}

export const overviewQueries = {
  networks: (organizationID: string) => ({ ...readQuery(overviewReads.networks(organizationID)), ...live }),
  securityGroups: (organizationID: string) => ({ ...readQuery(overviewReads.securityGroups(organizationID)), ...live }),
  fileStorage: (organizationID: string) => ({ ...readQuery(overviewReads.fileStorage(organizationID)), ...live }),
  instances: (organizationID: string) => ({ ...readQuery(overviewReads.instances(organizationID)), ...live }),
  loadBalancers: (organizationID: string) => ({ ...readQuery(overviewReads.loadBalancers(organizationID)), ...live }),
  clusters: (organizationID: string) => ({ ...readQuery(overviewReads.clusters(organizationID)), ...live }),
  users: (organizationID: string) => readQuery(overviewReads.users(organizationID)),
  serviceAccounts: (organizationID: string) => readQuery(overviewReads.serviceAccounts(organizationID)),
  projects: (organizationID: string) => readQuery(overviewReads.projects(organizationID)),
  groups: (organizationID: string) => readQuery(overviewReads.groups(organizationID)),
  regions: (organizationID: string) => readQuery(overviewReads.regions(organizationID)),
  flavors: (organizationID: string, regionID: string) => readQuery(overviewReads.flavors(organizationID, regionID)),
  quotas: (organizationID: string) => readQuery(overviewReads.quotas(organizationID)),
  models: (organizationID: string) => readQuery(overviewReads.models(organizationID)),
}

/** The service each read comes from: a tile or panel still waiting on it names it in its own place. */
export const overviewServices = Object.fromEntries(
  Object.entries(overviewReads).map(([list, read]) => [list, read.service]),
) as { [List in keyof typeof overviewReads]: Service }

/**
 * How long the page waits for its counts before it shows what it has: every list answers well within it on a
 * working platform, so the page still renders once; a service that hangs holds only its own tile and line.
 */
const FIRST_SCREEN_WAIT_MS = 1_000

/**
 * Starts every read the page shows, and waits for the first screen's: the counts and what needs attention (the
 * regional lists, projects, and the people lists the caller's roles include; the others are never asked for, so a
 * reader's browser logs no 403), for FIRST_SCREEN_WAIT_MS at most. The page then renders once with all of them, not
 * once per answer (each answer was a render of its tile and of the panel reading it; bench/overview-trace.bench.ts
 * counts the page's renders), unless a service has not answered by then: one hung service blanked the page until
 * the console's deadline (30 s), and now holds only its own tile and line. The panels below render once more,
 * deferred, after the tiles (OverviewRoute says why), and those that read quotas, flavors and models fill in as their
 * answers come. A failed read is shown in its tile or panel, not as a broken page.
 */
export async function loadOverview(queryClient: QueryClient, organizationID: string): Promise<void> {
  const lists = overviewQueries
  void queryClient.prefetchQuery(lists.quotas(organizationID))
  void queryClient.prefetchQuery(lists.models(organizationID))
  // Regions come from the scope check, already cached; each region's flavors name the instances' sizes.
  void queryClient.fetchQuery(lists.regions(organizationID)).then(
    (regions) => regions.forEach((r) => void queryClient.prefetchQuery(lists.flavors(organizationID, r.metadata.id))),
    () => undefined,
  )
  // A cached list, even a stale one, is not waited for (the page refetches it in the background), and a failed one
  // is shown in its tile.
  const inCache = (load: Promise<unknown>) => load.catch(() => undefined)
  // Every counted list, from the one declaration the bootstrap reads too: the clusters' tile, left out here, showed
  // its placeholder after the page had rendered.
  const firstScreen = [
    // Waited for, not read: each list's own type is left behind.
    ...OVERVIEW_COUNTED.map((list) =>
      inCache(queryClient.ensureQueryData(lists[list](organizationID) as EnsureQueryDataOptions)),
    ),
    inCache(queryClient.ensureQueryData(lists.projects(organizationID))),
  ]
  // The people lists wait for the caller's roles, which the scope check asked for beside projects and regions.
  const acl = await loadAcl(queryClient, organizationID)
  const mayRead = (resource: Resource) => allows(acl, resource, 'read')
  if (mayRead(resources.users)) firstScreen.push(inCache(queryClient.ensureQueryData(lists.users(organizationID))))
  if (mayRead(resources.serviceAccounts))
    firstScreen.push(inCache(queryClient.ensureQueryData(lists.serviceAccounts(organizationID))))
  if (mayRead(resources.groups)) firstScreen.push(inCache(queryClient.ensureQueryData(lists.groups(organizationID))))
  await waitAtMost(Promise.all(firstScreen), FIRST_SCREEN_WAIT_MS)
}
