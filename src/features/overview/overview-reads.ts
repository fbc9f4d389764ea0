// What the overview reads, each as its endpoint and params: the page's queries are built from them
// (overview-queries.ts), and the console server asks the same URLs in the page's bootstrap (server/console/bootstrap.ts),
// so they start with the HTML rather than once the page's code has loaded and run. Declared once, they cannot drift.

import { flavorApi, modelApi, regionApi } from '../../api/catalogs'
import type { Endpoint } from '../../api/endpoint'
import type { ApiRequest } from '../../api/request'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { quotaApi } from '../../api/quotas'
import { securityGroupApi } from '../../api/securityGroups'

/** A read: an endpoint and its params, from which its query is built, and the request it sends. */
export interface Read<P, R> {
  endpoint: Endpoint<P, undefined, R>
  params: P
  request: ApiRequest
}

const read = <P, R>(endpoint: Endpoint<P, undefined, R>, params: P): Read<P, R> => ({
  endpoint,
  params,
  request: endpoint.request(params),
})

/** The regional lists' "all projects, all regions" view: the list pages' own, so they share one cache entry each. */
const everywhere = (organizationID: string) => ({ organizationID: [organizationID] })

export const overviewReads = {
  networks: (organizationID: string) => read(networkApi.list, everywhere(organizationID)),
  securityGroups: (organizationID: string) => read(securityGroupApi.list, everywhere(organizationID)),
  fileStorage: (organizationID: string) => read(fileStorageApi.list, everywhere(organizationID)),
  instances: (organizationID: string) => read(instanceApi.list, everywhere(organizationID)),
  users: (organizationID: string) => read(userApi.list, { organizationID }),
  serviceAccounts: (organizationID: string) => read(serviceAccountApi.list, { organizationID }),
  projects: (organizationID: string) => read(projectApi.list, { organizationID }),
  groups: (organizationID: string) => read(groupApi.list, { organizationID }),
  regions: (organizationID: string) => read(regionApi.list, { organizationID }),
  flavors: (organizationID: string, regionID: string) => read(flavorApi.list, { organizationID, regionID }),
  quotas: (organizationID: string) => read(quotaApi.list, { organizationID }),
  models: (organizationID: string) => read(modelApi.list, { organizationID }),
}

/** Asked whatever the caller's roles: the counts' lists, quotas and the models' prices. */
export const OVERVIEW_FIRST = ['networks', 'securityGroups', 'fileStorage', 'instances', 'quotas', 'models'] as const

/**
 * The people lists, each asked only where the caller's roles let them read it: a reader's browser logs no 403. The
 * loader (overview-queries.ts) asks them by its ACL as the bootstrap does by the same ACL.
 */
export const OVERVIEW_PEOPLE = ['users', 'serviceAccounts', 'groups'] as const
