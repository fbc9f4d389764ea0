// What the overview reads, each as its endpoint and params (src/api/read.ts says why): its queries are built from them
// (overview-queries.ts), and the console server asks the same in the page's bootstrap.

import { flavorApi, modelApi } from '../../api/catalogs'
import { clusterApi } from '../../api/clusters'
import { regionApi } from '../../api/regions'
import type { Endpoint } from '../../api/endpoint'
import { readOf } from '../../api/read'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { loadBalancerApi } from '../../api/loadBalancers'
import { networkApi } from '../../api/networks'
import { quotaApi } from '../../api/quotas'
import { securityGroupApi } from '../../api/securityGroups'

/** One of the overview's reads, for the ids it is given; `service` names where it comes from. */
function reading<A extends unknown[], P, R>(endpoint: Endpoint<P, undefined, R>, paramsOf: (...ids: A) => P) {
  const readFor = (...ids: A) => readOf(endpoint, paramsOf(...ids))
  return Object.assign(readFor, { service: endpoint.spec.service })
}

/** The regional lists' "all projects, all regions" view: the list pages' own, so they share one cache entry each. */
const everywhere = (organizationID: string) => ({ organizationID: [organizationID] })
const inOrganization = (organizationID: string) => ({ organizationID })

export const overviewReads = {
  networks: reading(networkApi.list, everywhere),
  securityGroups: reading(securityGroupApi.list, everywhere),
  fileStorage: reading(fileStorageApi.list, everywhere),
  instances: reading(instanceApi.list, everywhere),
  loadBalancers: reading(loadBalancerApi.list, everywhere),
  clusters: reading(clusterApi.list, everywhere),
  users: reading(userApi.list, inOrganization),
  serviceAccounts: reading(serviceAccountApi.list, inOrganization),
  projects: reading(projectApi.list, inOrganization),
  groups: reading(groupApi.list, inOrganization),
  regions: reading(regionApi.list, inOrganization),
  flavors: reading(flavorApi.list, (organizationID: string, regionID: string) => ({ organizationID, regionID })),
  quotas: reading(quotaApi.list, inOrganization),
  models: reading(modelApi.list, inOrganization),
}

/** The regional lists the tiles count, which the page waits for before it renders (overview-queries.ts). */
export const OVERVIEW_COUNTED = [
  'networks',
  'securityGroups',
  'fileStorage',
  'instances',
  'loadBalancers',
  'clusters',
] as const

/** Asked whatever the caller's roles: the counts' lists, quotas and the models' prices. */
export const OVERVIEW_FIRST = [...OVERVIEW_COUNTED, 'quotas', 'models'] as const

/**
 * The people lists, each asked only where the caller's roles let them read it: a reader's browser logs no 403. The
 * loader (overview-queries.ts) asks them by its ACL as the bootstrap does by the same ACL.
 */
export const OVERVIEW_PEOPLE = ['users', 'serviceAccounts', 'groups'] as const
