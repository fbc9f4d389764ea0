import { route, type Handler } from '../../platform/context.ts'
import { listReply } from '../../platform/filters.ts'
import { fixedMetadata } from '../../platform/lifecycle.ts'
import { CATALOG_EPOCH, STORAGE_CLASSES, type StorageClass } from '../../catalog/regions.ts'
import { regionIdsOf } from './regions.ts'

function storageClassView(storageClass: StorageClass) {
  return {
    metadata: fixedMetadata(storageClass, CATALOG_EPOCH),
    // parallelism is required since region v1.20.0.
    spec: {
      regionId: storageClass.regionId,
      protocols: storageClass.protocols,
      parallelism: storageClass.parallelism,
    },
  }
}

/** Storage classes of the caller's regions, optionally only those of the given regionID values. */
const listStorageClasses: Handler = (ctx) => {
  const open = regionIdsOf(ctx, ctx.principal.organizationId)
  const wanted = ctx.query.getAll('regionID')
  return listReply(
    STORAGE_CLASSES.filter((c) => open.includes(c.regionId) && (wanted.length === 0 || wanted.includes(c.regionId))),
    storageClassView,
  )
}

/** The file storage classes a region offers. */
export const storageClassRoutes = [
  route('GET', '/api/v2/filestorageclasses', { endpoint: 'region:filestorageclasses', op: 'read' }, listStorageClasses),
]
