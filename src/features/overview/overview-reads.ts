// What the overview reads, as requests: its loader asks them through its queries (overview-queries.ts), and the
// console server asks the same ones in the page's bootstrap (server/console/bootstrap.ts), so they start with the
// HTML rather than after the page's code has loaded and run. Both build them here, so their URLs cannot drift apart.

import { flavorApi, modelApi } from '../../api/catalogs'
import { fileStorageApi } from '../../api/fileStorage'
import { groupApi, serviceAccountApi, userApi } from '../../api/identity'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { quotaApi } from '../../api/quotas'
import type { ApiRequest } from '../../api/request'
import { securityGroupApi } from '../../api/securityGroups'
import { resources, type Resource } from '../../lib/resources'

/** The regional lists' "all projects, all regions" view, which the list pages share with the overview. */
export const everywhere = (organizationID: string) => ({ organizationID: [organizationID] })

/** Asked whatever the caller's roles: the counts' lists, quotas and the models' prices. */
export const overviewReads = (organizationID: string): ApiRequest[] => [
  networkApi.list.request(everywhere(organizationID)),
  securityGroupApi.list.request(everywhere(organizationID)),
  fileStorageApi.list.request(everywhere(organizationID)),
  instanceApi.list.request(everywhere(organizationID)),
  quotaApi.list.request({ organizationID }),
  modelApi.list.request({ organizationID }),
]

/** The people lists, each asked only when the caller's roles let them read it (a reader's browser logs no 403). */
export const overviewPeople = (organizationID: string): [Resource, ApiRequest][] => [
  [resources.users, userApi.list.request({ organizationID })],
  [resources.serviceAccounts, serviceAccountApi.list.request({ organizationID })],
  [resources.groups, groupApi.list.request({ organizationID })],
]

/** Each region's flavors, which name the instances' sizes. */
export const overviewFlavors = (organizationID: string, regionIDs: readonly string[]): ApiRequest[] =>
  regionIDs.map((regionID) => flavorApi.list.request({ organizationID, regionID }))
