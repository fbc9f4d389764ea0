import { route, type Handler } from '../../platform/context.ts'
import { listReply } from '../../platform/filters.ts'
import { CATALOG_EPOCH, FLAVORS, type Flavor } from '../../catalog/regions.ts'
import { pathRegion } from './regions.ts'

function flavorView(flavor: Flavor) {
  return { metadata: { id: flavor.id, name: flavor.name, creationTime: CATALOG_EPOCH }, spec: flavor.spec }
}

/** The flavors offered in the region in the path. */
const listFlavors: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  return listReply(
    FLAVORS.filter((f) => f.regionIds.includes(regionId)),
    flavorView,
  )
}

const region = '/api/v1/organizations/:organizationID/regions'
/** A region's flavors. */
export const flavorRoutes = [
  route('GET', `${region}/:regionID/flavors`, { endpoint: 'region:flavors', op: 'read' }, listFlavors),
]
