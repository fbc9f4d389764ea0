import { route, type Handler } from '../../platform/context.ts'
import { listReply } from '../../platform/filters.ts'
import { IMAGES, type Image } from '../../catalog/regions.ts'
import { pathRegion } from './regions.ts'

function imageView(image: Image) {
  return {
    metadata: { id: image.id, name: image.name, creationTime: image.creationTime },
    spec: image.spec,
    status: { state: 'ready' },
  }
}

/** The images offered in the region in the path. */
const listImages: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  return listReply(
    IMAGES.filter((i) => i.regionIds.includes(regionId)),
    imageView,
  )
}

const region = '/api/v1/organizations/:organizationID/regions'
/** A region's images. */
export const imageRoutes = [
  route('GET', `${region}/:regionID/images`, { endpoint: 'region:images', op: 'read' }, listImages),
]
