import { flavorApi } from '../../api/catalogs'
import { clusterApi, nodePoolApi } from '../../api/clusters'
import { detailReads, readOf } from '../../api/read'
import { reservationApi } from '../../api/reservations'
import { nameRead } from '../../lib/name-reads'

/**
 * A cluster's page: the cluster, then its node pools, its region's flavors (the pools' names for them, and the add
 * dialog's choice), its project's reservations in its region and that region's reservation units (a pool from a
 * reservation: which one, and how many of its units the pool's workers take) and the names of the networks
 * (src/api/read.ts says why here).
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
    reservations: readOf(reservationApi.list, {
      organizationID: [cluster.metadata.organizationId],
      projectID: [cluster.metadata.projectId],
      regionID: [cluster.status.regionId],
    }),
    reservationUnits: readOf(reservationApi.units, {
      organizationID: cluster.metadata.organizationId,
      regionID: [cluster.status.regionId],
    }),
    networkNames: nameRead('networks', cluster.metadata.organizationId),
  }),
)
