import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, forbidden, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import { isReconciled, newMeta, statusChangesAt } from '../../platform/lifecycle.ts'
import { requireOrganizationAccess } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { envelope, writeMetadata } from '../../platform/validate.ts'
import { IMAGES, type Image, type ImageSpec } from '../../catalog/regions.ts'
import { pathRegion, regionIdsOf } from './regions.ts'
import { registerTable } from '../../platform/store/tables.ts'

/**
 * An image an organization made: a snapshot of one of its instances, or one imported from a disk image URL. The
 * catalog's images are the platform's own (in code, `IMAGES`); these sit beside them in the region's images list,
 * only for their organization.
 */
export interface ImageRecord {
  meta: ResourceMeta
  organizationId: string
  regionId: string
  /** A snapshot's: the project and id of the instance it was taken from. */
  projectId?: string
  sourceInstanceId?: string
  /** An import's: the disk image URL the region downloads. */
  uri?: string
  spec: ImageSpec
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    images: ImageRecord
  }
}
// Snapshots are listed as the organization's images, by region; a project's delete has never counted them.
registerTable('images', { projectId: 'does not block' })

function catalogView(image: Image) {
  return {
    metadata: { id: image.id, name: image.name, creationTime: image.creationTime },
    spec: image.spec,
    status: { state: 'ready' },
  }
}

/** Formats the region's image service cannot boot: only raw disk images are supported. */
const CONTAINER_FORMATS = /\.(qcow2?|vmdk|vdi|vhdx?|iso|ova|ovf)(\.(gz|xz|bz2|zst))?$/i

/**
 * Why the region's download of an import fails, decided by the URL alone since the local cloud downloads nothing:
 * the region fetches from the public internet over HTTP(S), so a reserved or private host is unreachable (RFC 2606
 * `.invalid`, `localhost`, `.local`, `.internal`, private IPv4), and the file must be a raw disk image.
 */
export function importFailure(uri: string): string | undefined {
  const url = URL.parse(uri)
  if (!url || !['http:', 'https:'].includes(url.protocol)) return 'the region downloads over HTTP or HTTPS only'
  const host = url.hostname.toLowerCase()
  if (
    /(^|\.)(invalid|localhost|local|internal)$/.test(host) ||
    /^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(host)
  )
    return 'the host cannot be reached from the region'
  if (CONTAINER_FORMATS.test(url.pathname)) return 'the file is not a raw disk image'
  return undefined
}

type ImageState = 'pending' | 'creating' | 'ready' | 'failed'

/**
 * An image is pending until first reconciled, then creating until its disk is copied or downloaded (the
 * provisioning delay); then ready, or, for an import the region could not use, failed.
 */
function imageState(image: ImageRecord, now: number): ImageState {
  if (!isReconciled(image.meta, now)) return 'pending'
  if (now < image.meta.readyAt) return 'creating'
  return image.uri !== undefined && importFailure(image.uri) ? 'failed' : 'ready'
}

/**
 * The platform's image: static metadata (who made it, and the write metadata's description and tags), its spec and
 * its state. The platform's answer names neither the instance a snapshot was taken of nor the URL of an import.
 */
export function organizationImageView(image: ImageRecord, now: number) {
  const { id, name, description, tags, creationTime, createdBy } = image.meta
  return {
    metadata: {
      id,
      name,
      ...(description !== undefined ? { description } : {}),
      ...(tags !== undefined ? { tags } : {}),
      creationTime,
      createdBy,
    },
    spec: image.spec,
    status: { state: imageState(image, now) },
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
    imageState(snapshot, ctx.now) !== 'ready'
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
    (image) => organizationImageView(image, ctx.now),
    // The list is cached until an image's state next changes: first reconciled (creating), then done.
    (image) => statusChangesAt(image.meta, ctx.now),
  )
  return {
    status: 200,
    body: [...(catalog.body as unknown[]), ...(own.body as unknown[])],
    validUntil: Math.min(catalog.validUntil ?? Number.POSITIVE_INFINITY, own.validUntil ?? Number.POSITIVE_INFINITY),
  }
}

const IMAGE_SCOPES = new Set(['owned', 'available'])
const IMAGE_STATES = new Set<string>(['pending', 'creating', 'ready', 'failed'])

const badParameter = (name: string, allowed: Set<string>) =>
  new CloudError(
    'invalid_request',
    `parameter "${name}" in query has an error: value is not one of the allowed values [${[...allowed].map((v) => `"${v}"`).join(',')}]`,
  )

/**
 * The public v2 list (region v1.20.0): the images of the region in the path for the organizations the query names
 * (the caller's own when it names none; one outside the caller's access adds nothing), `scope=owned` only their own,
 * `available` or none also the platform's, and `status` (repeatable) only those states.
 */
const listImagesV2: Handler = (ctx) => {
  const scope = ctx.query.get('scope')
  if (scope !== null && !IMAGE_SCOPES.has(scope)) throw badParameter('scope', IMAGE_SCOPES)
  const states = ctx.query.getAll('status')
  for (const state of states) if (!IMAGE_STATES.has(state)) throw badParameter('status', IMAGE_STATES)
  const asked = ctx.query.getAll('organizationID')
  const organizations = (asked.length ? asked : [ctx.principal.organizationId]).filter((id) => {
    try {
      requireOrganizationAccess(ctx.principal, id)
      return true
    } catch {
      return false
    }
  })
  const regionId = ctx.params.regionID ?? ''
  const open = new Set(organizations.flatMap((id) => regionIdsOf(ctx, id)))
  if (!open.has(regionId)) throw notFound('region not found')
  const wanted = (state: string) => states.length === 0 || states.includes(state)
  const catalog = scope === 'owned' || !wanted('ready') ? [] : IMAGES.filter((i) => i.regionIds.includes(regionId))
  const own = organizations
    .flatMap((id) => [...snapshotsIn(ctx, id, regionId)])
    .filter((image) => wanted(imageState(image, ctx.now)))
  const catalogReply = listReply(catalog, catalogView)
  const ownReply = listReply(
    own,
    (image) => organizationImageView(image, ctx.now),
    (image) => statusChangesAt(image.meta, ctx.now),
  )
  return {
    status: 200,
    body: [...(catalogReply.body as unknown[]), ...(ownReply.body as unknown[])],
    validUntil: ownReply.validUntil,
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
 * A new image of the organization, a snapshot or an import, named as the caller asked. The platform keeps no image
 * name unique (the compute document lists no 409 for a snapshot, the region's none for an import or any image), so a
 * taken name makes a second image of that name; the console checks the region's images itself before sending.
 */
function newImage(
  ctx: RequestContext,
  metadata: z.output<typeof writeMetadata>,
  place: { organizationId: string; regionId: string },
  source: Pick<ImageRecord, 'projectId' | 'sourceInstanceId' | 'uri'>,
  spec: ImageSpec,
): ImageRecord {
  requireOrganizationAccess(ctx.principal, place.organizationId)
  const image: ImageRecord = { meta: newMeta(ctx, metadata, randomUUID()), ...place, ...source, spec }
  ctx.store.images.set(image)
  return image
}

/** A snapshot image of an instance, with the instance's image spec (its system and drivers). */
export function newSnapshot(
  ctx: RequestContext,
  metadata: z.output<typeof snapshotBody>['metadata'],
  source: { organizationId: string; projectId: string; regionId: string; instanceId: string; spec: ImageSpec },
): ImageRecord {
  const { organizationId, regionId, projectId, instanceId, spec } = source
  return newImage(ctx, metadata, { organizationId, regionId }, { projectId, sourceInstanceId: instanceId }, spec)
}

const semver = z.string().regex(/^v\d+\.\d+\.\d+$/, { error: 'must be a semantic version such as v1.2.3' })

/** The region document's imageCreate: a raw disk image's URL, and what the image is, as its uploader says. */
const importBody = envelope(
  z.object({
    uri: z.string().refine((text) => URL.canParse(text), { error: 'string doesn\'t match the format "uri"' }),
    architecture: z.enum(['x86_64', 'aarch64']),
    virtualization: z.enum(['virtualized', 'baremetal', 'any']),
    os: z.object({
      kernel: z.enum(['linux']),
      // Any since region v1.20.0, which types both as plain strings.
      family: z.string().min(1),
      distro: z.string().min(1),
      variant: z.string().optional(),
      codename: z.string().optional(),
      version: z.string(),
    }),
    softwareVersions: z.record(z.string(), semver).optional(),
    gpu: z
      .object({ vendor: z.enum(['NVIDIA', 'AMD']), driver: z.string(), models: z.array(z.string()).optional() })
      .optional(),
  }),
)

/** The minimum disk the local cloud gives an imported image: the platform reads it from the downloaded file. */
const IMPORTED_SIZE_GIB = 10

/**
 * Imports an image from a disk image URL: 200 with the image, pending; the region then downloads it (creating) and it
 * becomes ready, or failed where the URL cannot be used (`importFailure`). The platform answers 200 here, not 201.
 */
const importImage: Handler = async (ctx) => {
  const regionId = pathRegion(ctx)
  const { metadata, spec } = await ctx.body(importBody)
  const { uri, ...described } = spec
  const image = newImage(
    ctx,
    metadata,
    { organizationId: ctx.params.organizationID ?? '', regionId },
    { uri },
    { ...described, sizeGiB: IMPORTED_SIZE_GIB },
  )
  return { status: 200, body: organizationImageView(image, ctx.now) }
}

const region = '/api/v1/organizations/:organizationID/regions'
/** A region's images. */
export const imageRoutes = [
  route('GET', `${region}/:regionID/images`, { endpoint: 'region:images', op: 'read' }, listImages),
  route('GET', '/api/v2/regions/:regionID/images', { endpoint: 'region:images', op: 'read' }, listImagesV2),
  route('POST', `${region}/:regionID/images`, { endpoint: 'region:images', op: 'create' }, importImage),
  route('DELETE', `${region}/:regionID/images/:imageID`, { endpoint: 'region:images', op: 'delete' }, deleteImage),
]
