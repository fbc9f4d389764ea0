import { flavorApi, imageApi } from '../../api/catalogs'
import { instanceApi } from '../../api/instances'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import { nameRead } from '../../lib/name-reads'

/**
 * An instance's page: the instance, then its network, its region's flavors and images, and the names of its security
 * groups (src/api/read.ts says why here).
 */
export const instanceReads = detailReads(
  instanceApi.detail,
  (id) => ({ instanceID: id }),
  (instance) => {
    const inRegion = { organizationID: instance.metadata.organizationId, regionID: instance.status.regionId }
    return {
      network: readOf(networkApi.detail, { networkID: instance.status.networkId }),
      flavors: readOf(flavorApi.list, inRegion),
      images: readOf(imageApi.list, inRegion),
      groupNames: nameRead('securityGroups', instance.metadata.organizationId),
    }
  },
)
