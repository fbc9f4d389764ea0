import { flavorApi, imageApi } from '../../api/catalogs'
import { instanceApi } from '../../api/instances'
import { securityGroupApi } from '../../api/securityGroups'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import type { Instance } from '../../api/schemas/regional'
import { nameRead } from '../../lib/name-reads'

/** What both of an instance's pages show beside it: its network, its region's flavors and images, group names. */
function beside(instance: Instance) {
  const inRegion = { organizationID: instance.metadata.organizationId, regionID: instance.status.regionId }
  return {
    network: readOf(networkApi.detail, { networkID: instance.status.networkId }),
    flavors: readOf(flavorApi.list, inRegion),
    images: readOf(imageApi.list, inRegion),
    groupNames: nameRead('securityGroups', instance.metadata.organizationId),
  }
}

/**
 * An instance's pages: the instance, then what both show beside it; the edit form also the security groups of its
 * network, to choose from (src/api/read.ts says why here).
 */
export const instanceReads = detailReads(
  instanceApi.detail,
  (id) => ({ instanceID: id }),
  (instance) => beside(instance),
  (instance) => ({
    ...beside(instance),
    networkGroups: readOf(securityGroupApi.list, {
      organizationID: [instance.metadata.organizationId],
      networkID: [instance.status.networkId],
    }),
  }),
)
