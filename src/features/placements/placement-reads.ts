import { nodePoolApi } from '../../api/clusters'
import { networkApi } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import { placementApi, reservationApi } from '../../api/reservations'

/**
 * A placement's page: the placement, then its servers, the reservation it places on, its network, and its project's
 * node pools, one of which may manage it (its status.reservation.placementId).
 */
export const placementReads = detailReads(
  placementApi.detail,
  (id) => ({ placementID: id }),
  (p) => ({
    servers: readOf(placementApi.servers, { placementID: p.metadata.id }),
    reservation: readOf(reservationApi.detail, { reservationID: p.status.reservationId }),
    network: readOf(networkApi.detail, { networkID: p.status.networkId }),
    nodePools: readOf(nodePoolApi.list, { projectID: [p.metadata.projectId] }),
  }),
)
