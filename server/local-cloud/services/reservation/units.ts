import { OFFERINGS, type Offering } from '../../catalog/hardware.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { ANY_MEMBER } from '../../platform/requirement.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'
import { claims, unitView } from './capacity.ts'

/** The offerings the repeatable `regionID`, `accelerator` and `unit` filters keep (each OR'd, all AND'd). */
function filtered(ctx: RequestContext, offerings: readonly Offering[]): Offering[] {
  const keep = (name: string, value: string) => {
    const given = ctx.query.getAll(name)
    return given.length === 0 || given.includes(value)
  }
  return offerings.filter(
    (o) => keep('regionID', o.regionId) && keep('accelerator', o.accelerator) && keep('unit', o.unit),
  )
}

/** The platform's whole offering in every region: what any organization could reserve were its scope all of it. */
const listGlobal: Handler = (ctx) => {
  const held = claims(ctx.store)
  return { status: 200, body: filtered(ctx, OFFERINGS).map((o) => unitView(o, undefined, held)) }
}

/** The organization's regions only, counted inside its allocation scope in each. */
const listOrganization: Handler = (ctx) => {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const regions = ctx.store.organizations.get(organizationId)?.regionIds ?? []
  const held = claims(ctx.store)
  const offered = OFFERINGS.filter((o) => regions.includes(o.regionId))
  return { status: 200, body: filtered(ctx, offered).map((o) => unitView(o, organizationId, held)) }
}

/** Reservation units: a catalog every member of an organization reads. */
export const reservationUnitRoutes = [
  route('GET', '/api/v2/reservation-units', ANY_MEMBER, listGlobal),
  route('GET', '/api/v2/organizations/:organizationID/reservation-units', ANY_MEMBER, listOrganization),
]
