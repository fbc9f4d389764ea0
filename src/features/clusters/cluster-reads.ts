import { flavorApi } from '../../api/catalogs'
import { clusterApi, nodePoolApi } from '../../api/clusters'
import { detailReads, readOf } from '../../api/read'
import { nameRead } from '../../lib/name-reads'

/**
 * A cluster's page: the cluster, then its node pools, its region's flavors (the pools' names for them, and the add
 * dialog's choice) and the names of the networks (src/api/read.ts says why here).
 */
export const clusterReads = detailReads(
  clusterApi.detail,
  (id) => ({ clusterID: id }),
  (cluster) => ({
    nodePools: readOf(nodePoolApi.ofCluster, { clusterID: cluster.metadata.id }),
    flavors: readOf(flavorApi.list, {
      organizationID: cluster.metadata.organizationId,
      regionID: cluster.status.regionId,
    }),
    networkNames: nameRead('networks', cluster.metadata.organizationId),
  }),
)
