import { OFFERINGS, inScope, type Offering } from '../../catalog/hardware.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { readableIn } from '../../platform/permissions.ts'
import { ANY_MEMBER } from '../../platform/requirement.ts'
import { live, requireOrganizationAccess } from '../../platform/scope.ts'
import { claims } from './capacity.ts'
import { placementView, type PlacementRecord, type PlacementServerRecord } from './placements.ts'
import { entityTag, reservationView, unitsOf, type ReservationRecord } from './reservations.ts'
import { serverView } from './servers.ts'

/**
 * The organization's allocated topology: each region it has, each offering there, the pods of its allocation scope
 * down to hosts. A host says whether any reservation claims it; which reservation, unit, placement and server only
 * where the caller may read them (a shared pod shows another organization's hosts as reserved, and nothing more).
 * `projectID` and `reservationID` narrow the overlays, not the hardware.
 */
function projection(ctx: RequestContext, organizationId: string, offering: Offering) {
  const mayRead = {
    reservation: readableIn(ctx.store, ctx.principal, 'reservation:reservations'),
    placement: readableIn(ctx.store, ctx.principal, 'reservation:placements'),
  }
  const projectId = ctx.query.get('projectID')
  const reservationId = ctx.query.get('reservationID')
  const shown = (r: { organizationId: string; projectId: string }) =>
    r.organizationId === organizationId && (projectId === null || r.projectId === projectId)
  const held = claims(ctx.store)
  const reservations = new Map<string, ReservationRecord>()
  const unitOfHost = new Map<string, string>()
  for (const r of ctx.store.reservations.values()) {
    if (!shown(r) || !mayRead.reservation(r.projectId) || (reservationId !== null && r.meta.id !== reservationId))
      continue
    if (r.regionId !== offering.regionId || r.accelerator !== offering.accelerator || r.unit !== offering.unit) continue
    reservations.set(r.meta.id, r)
    for (const [unit, hosts] of unitsOf(r)) for (const ref of hosts) unitOfHost.set(ref, unit)
  }
  const servers = new Map<string, PlacementServerRecord>()
  const placements = new Map<string, PlacementRecord>()
  for (const s of live(ctx.store.placementServers)) {
    const placement = ctx.store.placements.get(s.placementId)
    if (!placement || !reservations.has(s.reservationId) || !mayRead.placement(placement.projectId)) continue
    servers.set(s.hostRef, s)
    placements.set(placement.meta.id, placement)
  }
  const reservationOf = (domainId: string) => {
    const id = held.get(domainId)
    return id !== undefined && reservations.has(id) ? id : undefined
  }
  const occupied = new Set(servers.keys())
  return {
    reservationUnit: {
      accelerator: offering.accelerator,
      unit: offering.unit,
      machineFlavorId: offering.machineFlavorId,
      deviceTypeResourceClass: offering.deviceTypeResourceClass,
      hostsPerUnit: offering.hostsPerUnit,
    },
    topology: offering.pods
      .filter((pod) => inScope(pod, organizationId))
      .map((pod) => ({
        id: pod.id,
        name: pod.name,
        domains: pod.domains.map((domain) => ({
          id: domain.id,
          name: domain.name,
          hosts: domain.hosts.map((host) => {
            const reservationRef = reservationOf(domain.id)
            const server = servers.get(host.ref)
            return {
              infrastructureRef: host.ref,
              reserved: held.has(domain.id),
              ...(reservationRef ? { reservationRef, reservationUnitRef: unitOfHost.get(host.ref) } : {}),
              ...(server ? { placementRef: server.placementId, server: serverView(server, ctx.now) } : {}),
            }
          }),
        })),
      })),
    overlays: {
      reservations: Object.fromEntries(
        [...reservations].map(([id, r]) => [
          id,
          {
            ...reservationView(r, ctx.now),
            topologyEntityTag: entityTag(r),
            units: Object.fromEntries(
              [...unitsOf(r)].map(([unit, hosts]) => [
                unit,
                { infrastructureRefs: hosts, occupied: hosts.some((ref) => occupied.has(ref)) },
              ]),
            ),
          },
        ]),
      ),
      placements: Object.fromEntries([...placements].map(([id, p]) => [id, placementView(p, ctx.now)])),
    },
  }
}

const getTopology: Handler = (ctx) => {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const regions = ctx.store.organizations.get(organizationId)?.regionIds ?? []
  const regionId = ctx.query.get('regionID')
  const accelerator = ctx.query.get('accelerator')
  const unit = ctx.query.get('unit')
  const body = regions
    .filter((id) => regionId === null || id === regionId)
    .map((id) => ({
      regionId: id,
      projections: OFFERINGS.filter(
        (o) =>
          o.regionId === id &&
          (accelerator === null || o.accelerator === accelerator) &&
          (unit === null || o.unit === unit) &&
          o.pods.some((pod) => inScope(pod, organizationId)),
      ).map((o) => projection(ctx, organizationId, o)),
    }))
  return { status: 200, body }
}

/** The organization's topology: read by any member, its overlays redacted to what each may read. */
export const topologyRoutes = [route('GET', '/api/v2/organizations/:organizationID/topology', ANY_MEMBER, getTopology)]
