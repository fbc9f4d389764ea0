import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { fixedMetadata } from '../../platform/lifecycle.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'
import { REGIONS, type Region } from '../../catalog/regions.ts'

function regionView(region: Region) {
  return {
    metadata: fixedMetadata(region, region.creationTime),
    spec: { type: 'openstack', features: { physicalNetworks: region.physicalNetworks } },
  }
}

/** The regions open to an organization. */
export function regionIdsOf(ctx: RequestContext, organizationId: string): string[] {
  return ctx.store.organizations.get(organizationId)?.regionIds ?? []
}

/** The region in the path, which must be open to the organization in the path, the caller's own. */
export function pathRegion(ctx: RequestContext): string {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const regionId = ctx.params.regionID ?? ''
  if (!regionIdsOf(ctx, organizationId).includes(regionId)) throw notFound('region not found')
  return regionId
}

const listRegions: Handler = (ctx) => {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const open = regionIdsOf(ctx, organizationId)
  return listReply(
    REGIONS.filter((r) => open.includes(r.id)),
    regionView,
  )
}

const region = '/api/v1/organizations/:organizationID/regions'
/** The regions an organization may use. */
export const regionRoutes = [route('GET', region, { endpoint: 'region:regions', op: 'read' }, listRegions)]
