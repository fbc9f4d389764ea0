import { idsOfLength } from '../../platform/path-params.ts'
import { placementRoutes } from './placements.ts'
import { reservationRoutes } from './reservations.ts'
import { placementServerRoutes } from './servers.ts'
import { topologyRoutes } from './topology.ts'
import { reservationUnitRoutes } from './units.ts'

/** The reservation service (reservation v0.0.14): its 16 operations. */
export const reservationServiceRoutes = [
  ...reservationUnitRoutes,
  ...topologyRoutes,
  ...reservationRoutes,
  ...placementRoutes,
  ...placementServerRoutes,
]

/** Its path ids are 1 to 63 characters, but a placement server's, which is opaque (`psrv-…`), up to 128. */
export const reservationPathParams = {
  ...idsOfLength(['organizationID', 'reservationID', 'placementID'], 1, 63),
  serverID: { minLength: 1, maxLength: 128 },
}
