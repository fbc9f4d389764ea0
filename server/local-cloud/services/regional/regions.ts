import type { Handler, RequestContext } from '../../platform/context.ts'
import {
  CATALOG_EPOCH,
  FLAVORS,
  IMAGES,
  REGIONS,
  STORAGE_CLASSES,
  type Flavor,
  type Image,
  type Region,
  type StorageClass,
} from '../../demo/regions.ts'
import { notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'

export function regionView(region: Region) {
  return {
    metadata: {
      id: region.id,
      name: region.name,
      description: region.description,
      creationTime: region.creationTime,
      provisioningStatus: 'provisioned',
      healthStatus: 'healthy',
    },
    spec: { type: 'openstack', features: { physicalNetworks: region.physicalNetworks } },
  }
}

export function flavorView(flavor: Flavor) {
  return { metadata: { id: flavor.id, name: flavor.name, creationTime: CATALOG_EPOCH }, spec: flavor.spec }
}

export function imageView(image: Image) {
  return {
    metadata: { id: image.id, name: image.name, creationTime: image.creationTime },
    spec: image.spec,
    status: { state: 'ready' },
  }
}

export function storageClassView(storageClass: StorageClass) {
  return {
    metadata: {
      id: storageClass.id,
      name: storageClass.name,
      description: storageClass.description,
      creationTime: CATALOG_EPOCH,
      provisioningStatus: 'provisioned',
      healthStatus: 'healthy',
    },
    spec: { regionId: storageClass.regionId, protocols: storageClass.protocols },
  }
}

/** The regions open to an organization. */
export function regionIdsOf(ctx: RequestContext, organizationId: string): string[] {
  return ctx.store.organizations.get(organizationId)?.regionIds ?? []
}

function pathRegion(ctx: RequestContext): string {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const regionId = ctx.params.regionID ?? ''
  if (!regionIdsOf(ctx, organizationId).includes(regionId)) throw notFound('region not found')
  return regionId
}

export const listRegions: Handler = (ctx) => {
  const organizationId = ctx.params.organizationID ?? ''
  requireOrganizationAccess(ctx.principal, organizationId)
  const open = regionIdsOf(ctx, organizationId)
  return listReply(
    REGIONS.filter((r) => open.includes(r.id)),
    regionView,
  )
}

export const listFlavors: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  return listReply(
    FLAVORS.filter((f) => f.regionIds.includes(regionId)),
    flavorView,
  )
}

export const listImages: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  return listReply(
    IMAGES.filter((i) => i.regionIds.includes(regionId)),
    imageView,
  )
}

/** Storage classes of the caller's regions, optionally only those of the given regionID values. */
export const listStorageClasses: Handler = (ctx) => {
  const open = regionIdsOf(ctx, ctx.principal.organizationId)
  const wanted = ctx.query.getAll('regionID')
  return listReply(
    STORAGE_CLASSES.filter((c) => open.includes(c.regionId) && (wanted.length === 0 || wanted.includes(c.regionId))),
    storageClassView,
  )
}
