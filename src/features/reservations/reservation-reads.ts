import { detailReads, readOf } from '../../api/read'
import { placementApi, reservationApi } from '../../api/reservations'

/**
 * A reservation's page: the reservation, then its region's topology narrowed to it (its units, which of them are
 * occupied, and the entity tag a release sends back) and its project's placements in the region.
 */
export const reservationReads = detailReads(
  reservationApi.detail,
  (id) => ({ reservationID: id }),
  (r) => ({
    topology: readOf(reservationApi.topology, {
      organizationID: r.metadata.organizationId,
      regionID: r.spec.regionId,
      accelerator: r.spec.accelerator,
    }),
    placements: readOf(placementApi.list, {
      organizationID: [r.metadata.organizationId],
      projectID: [r.metadata.projectId],
      regionID: [r.spec.regionId],
    }),
  }),
)
