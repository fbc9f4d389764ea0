// The queries the overview reads. The regional lists are the list pages' own queries for the whole organization
// (their "all projects, all regions" view), so the overview and the lists it links to share one cache entry each.

import type { QueryClient } from '@tanstack/react-query'
import { anySettling } from '../../api/settling'
import { flavorApi, modelApi, regionApi } from '../../api/catalogs'
import { q } from '../../api/endpoint'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { quotaApi } from '../../api/quotas'
import { securityGroupApi } from '../../api/securityGroups'

const everywhere = (organizationID: string) => ({ organizationID: [organizationID] })

// The regional lists poll while anything in them settles, as the list pages do: the counts and the attention panel
// are live.
const live = {
  refetchInterval: (query: { state: { data: unknown } }) => (anySettling(query.state.data) ? 1000 : false),
}

export const overviewQueries = {
  networks: (organizationID: string) => ({ ...q(networkApi.list, everywhere(organizationID)), ...live }),
  securityGroups: (organizationID: string) => ({ ...q(securityGroupApi.list, everywhere(organizationID)), ...live }),
  fileStorage: (organizationID: string) => ({ ...q(fileStorageApi.list, everywhere(organizationID)), ...live }),
  instances: (organizationID: string) => ({ ...q(instanceApi.list, everywhere(organizationID)), ...live }),
  users: (organizationID: string) => q(userApi.list, { organizationID }),
  serviceAccounts: (organizationID: string) => q(serviceAccountApi.list, { organizationID }),
  projects: (organizationID: string) => q(projectApi.list, { organizationID }),
  groups: (organizationID: string) => q(groupApi.list, { organizationID }),
  regions: (organizationID: string) => q(regionApi.list, { organizationID }),
  flavors: (organizationID: string, regionID: string) => q(flavorApi.list, { organizationID, regionID }),
  quotas: (organizationID: string) => q(quotaApi.list, { organizationID }),
  models: (organizationID: string) => q(modelApi.list, { organizationID }),
}

/**
 * Starts every read the page shows without waiting for any: the page paints at once with placeholders of the final
 * size, and each panel fills in as its answer comes. A failed read is shown in its panel, not as a broken page.
 */
export function prefetchOverview(queryClient: QueryClient, organizationID: string): void {
  const lists = overviewQueries
  void queryClient.prefetchQuery(lists.networks(organizationID))
  void queryClient.prefetchQuery(lists.securityGroups(organizationID))
  void queryClient.prefetchQuery(lists.fileStorage(organizationID))
  void queryClient.prefetchQuery(lists.instances(organizationID))
  void queryClient.prefetchQuery(lists.users(organizationID))
  void queryClient.prefetchQuery(lists.serviceAccounts(organizationID))
  void queryClient.prefetchQuery(lists.projects(organizationID))
  void queryClient.prefetchQuery(lists.groups(organizationID))
  void queryClient.prefetchQuery(lists.quotas(organizationID))
  void queryClient.prefetchQuery(lists.models(organizationID))
  // Regions come from the scope check, already cached; each region's flavors name the instances' sizes.
  void queryClient.fetchQuery(lists.regions(organizationID)).then(
    (regions) => regions.forEach((r) => void queryClient.prefetchQuery(lists.flavors(organizationID, r.metadata.id))),
    () => undefined,
  )
}
