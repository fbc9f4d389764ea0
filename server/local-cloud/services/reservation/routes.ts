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
