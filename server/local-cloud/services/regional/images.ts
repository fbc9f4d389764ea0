import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { forbidden, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { isReconciled, newMeta } from '../../platform/lifecycle.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { writeMetadata } from '../../platform/validate.ts'
import { IMAGES, type Image, type ImageSpec } from '../../catalog/regions.ts'
import { pathRegion } from './regions.ts'

/**
 * An image an organization made by snapshotting one of its instances. The catalog's images are the platform's own
 * (in code, `IMAGES`); these sit beside them in the region's images list, only for their organization.
 */
export interface ImageRecord {
  meta: ResourceMeta
  organizationId: string
  /** The project of the instance it was taken from; images themselves are the organization's. */
  projectId: string
  regionId: string
  sourceInstanceId: string
  spec: ImageSpec
}

function catalogView(image: Image) {
  return {
    metadata: { id: image.id, name: image.name, creationTime: image.creationTime },
    spec: image.spec,
    status: { state: 'ready' },
  }
}

/** A snapshot is pending until first reconciled, then creating until its disk is copied (the provisioning delay). */
function snapshotState(image: ImageRecord, now: number): 'pending' | 'creating' | 'ready' {
  if (!isReconciled(image.meta, now)) return 'pending'
  return now >= image.meta.readyAt ? 'ready' : 'creating'
}

/** The platform's image: static metadata (who made it, for a snapshot), its spec and its state. */
export function snapshotView(image: ImageRecord, now: number) {
  const { id, name, description, creationTime, createdBy } = image.meta
  return {
    metadata: { id, name, ...(description !== undefined ? { description } : {}), creationTime, createdBy },
    spec: image.spec,
    status: { state: snapshotState(image, now) },
  }
}

function* snapshotsIn(ctx: RequestContext, organizationId: string, regionId: string): Generator<ImageRecord> {
  for (const image of ctx.store.images.values()) {
    if (image.organizationId === organizationId && image.regionId === regionId && image.meta.goneAt === undefined)
      yield image
  }
}

/** An image an instance in `regionId` of `organizationId` may boot from: a catalog image there, or a ready snapshot. */
export function bootableImage(
  ctx: RequestContext,
  organizationId: string,
  regionId: string,
  imageId: string,
): Pick<Image, 'name' | 'spec'> | undefined {
  const catalog = IMAGES.find((i) => i.id === imageId && i.regionIds.includes(regionId))
  if (catalog) return catalog
  const snapshot = ctx.store.images.get(imageId)
  if (
    snapshot?.organizationId !== organizationId ||
    snapshot.regionId !== regionId ||
    snapshot.meta.goneAt !== undefined ||
    snapshotState(snapshot, ctx.now) !== 'ready'
  )
    return undefined
  return { name: snapshot.meta.name, spec: snapshot.spec }
}

/** The images offered in the region in the path: the catalog's, then the organization's own snapshots. */
const listImages: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  const organizationId = ctx.params.organizationID ?? ''
  const catalog = listReply(
    IMAGES.filter((i) => i.regionIds.includes(regionId)),
    catalogView,
  )
  const own = listReply(
    snapshotsIn(ctx, organizationId, regionId),
    (image) => snapshotView(image, ctx.now),
    (image) => (snapshotState(image, ctx.now) === 'ready' ? Number.POSITIVE_INFINITY : image.meta.readyAt),
  )
  return {
    status: 200,
    body: [...(catalog.body as unknown[]), ...(own.body as unknown[])],
    validUntil: Math.min(catalog.validUntil ?? Number.POSITIVE_INFINITY, own.validUntil ?? Number.POSITIVE_INFINITY),
  }
}

/**
 * Deletes one of the organization's own images at once (202). The catalog's images are the platform's: 403. The
 * platform lets an image in use go; instances keep their disks.
 */
const deleteImage: Handler = (ctx) => {
  const regionId = pathRegion(ctx)
  const id = ctx.params.imageID ?? ''
  if (IMAGES.some((i) => i.id === id && i.regionIds.includes(regionId)))
    throw forbidden('the image is provided by the platform and cannot be deleted')
  const image = ctx.store.images.get(id)
  if (!image || image.organizationId !== ctx.params.organizationID || image.regionId !== regionId)
    throw notFound('image not found')
  ctx.store.images.delete(id)
  return { status: 202 }
}

/** The compute API's snapshot request: write metadata only (the image takes its spec from the instance's). */
export const snapshotBody = z.object({ metadata: writeMetadata })

/**
 * A new snapshot image of an instance, named as the caller asked. The platform keeps no image name unique (the compute
 * document lists no 409 for a snapshot, the region's none for images), so a taken name makes a second image of that
 * name; the console checks the region's images itself before sending.
 */
export function newSnapshot(
  ctx: RequestContext,
  metadata: z.output<typeof snapshotBody>['metadata'],
  source: { organizationId: string; projectId: string; regionId: string; instanceId: string; spec: ImageSpec },
): ImageRecord {
  requireOrganizationAccess(ctx.principal, source.organizationId)
  const image: ImageRecord = {
    meta: newMeta(ctx, metadata, randomUUID()),
    organizationId: source.organizationId,
    projectId: source.projectId,
    regionId: source.regionId,
    sourceInstanceId: source.instanceId,
    spec: source.spec,
  }
  ctx.store.images.set(image)
  return image
}

const region = '/api/v1/organizations/:organizationID/regions'
/** A region's images. */
export const imageRoutes = [
  route('GET', `${region}/:regionID/images`, { endpoint: 'region:images', op: 'read' }, listImages),
  route('DELETE', `${region}/:regionID/images/:imageID`, { endpoint: 'region:images', op: 'delete' }, deleteImage),
]
