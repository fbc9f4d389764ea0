import { randomUUID } from 'node:crypto'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { STORAGE_CLASSES } from '../../demo/regions.ts'
import { matchesFilters, readListFilters } from '../../platform/filters.ts'
import { conflict } from '../../platform/errors.ts'
import { formatIPv4, parseCidr } from '../../platform/ip.ts'
import { readMetadata } from '../../platform/lifecycle.ts'
import type { AttachmentRecord, FileStorageRecord, NetworkRecord } from '../../platform/store/records.ts'
import {
  boolean,
  envelope,
  fieldError,
  integer,
  isObject,
  object,
  optionalObject,
  string,
  stringArray,
  writeMetadata,
  type Json,
} from '../../platform/validate.ts'
import {
  assertUniqueName,
  findOwned,
  live,
  markDeleted,
  newMeta,
  projectScope,
  requireRegion,
  updatedMeta,
} from '../../platform/scope.ts'

const GiB = 2 ** 30
/** 1 PiB: the largest single file system offered. */
const MAX_SIZE_GIB = 1024 * 1024

export function fileStorageView(storage: FileStorageRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(storage.meta, now, { createdBy: true }),
      organizationId: storage.organizationId,
      projectId: storage.projectId,
      tags: storage.meta.tags ?? [],
    },
    spec: {
      sizeGiB: storage.sizeGiB,
      // The spec's spelling and the platform's, so either reader finds it.
      storageType: { nfs: { rootsquash: storage.rootSquash }, NFS: { rootSquash: storage.rootSquash } },
      attachments: { networkIds: storage.attachments.map((a) => a.networkId) },
    },
    status: {
      regionId: storage.regionId,
      storageClassId: storage.storageClassId,
      usage: { capacityBytes: storage.sizeGiB * GiB, usedBytes: storage.usedBytes },
      attachments: storage.attachments.map((a) => {
        const attached = storage.meta.goneAt === undefined && now >= a.readyAt
        return {
          networkId: a.networkId,
          ...(attached ? { mountSource: `${a.mountAddress}:/fs-${storage.meta.id}` } : {}),
          provisioningStatus:
            storage.meta.goneAt !== undefined ? 'deprovisioning' : attached ? 'provisioned' : 'provisioning',
        }
      }),
    },
  }
}

/** `{nfs: {rootsquash}}` (the spec) or `{NFS: {rootSquash}}` (the platform). */
function readRootSquash(value: unknown): boolean {
  const storageType = object(value, '/spec/storageType')
  const lower = optionalObject(storageType.nfs, '/spec/storageType/nfs')
  const upper = optionalObject(storageType.NFS, '/spec/storageType/NFS')
  const fromLower =
    lower === undefined ? undefined : readFlag(lower, '/spec/storageType/nfs', 'rootsquash', 'rootSquash')
  const fromUpper =
    upper === undefined ? undefined : readFlag(upper, '/spec/storageType/NFS', 'rootSquash', 'rootsquash')
  if (fromLower === undefined && fromUpper === undefined)
    throw fieldError('/spec/storageType/nfs', 'property is required')
  if (fromLower !== undefined && fromUpper !== undefined && fromLower !== fromUpper)
    throw fieldError('/spec/storageType/NFS/rootSquash', 'nfs and NFS disagree')
  return (fromLower ?? fromUpper) as boolean
}

function readFlag(nfs: Json, path: string, preferred: string, alternative: string): boolean {
  if (nfs[preferred] !== undefined) return boolean(nfs[preferred], `${path}/${preferred}`)
  if (nfs[alternative] !== undefined) return boolean(nfs[alternative], `${path}/${alternative}`)
  return boolean(undefined, `${path}/${preferred}`)
}

function readSize(value: unknown): number {
  return integer(value, '/spec/sizeGiB', 1, MAX_SIZE_GIB)
}

/** Attachments: networks of the same project and region, each once. */
function readAttachments(
  ctx: RequestContext,
  value: unknown,
  scope: { projectId: string; regionId: string },
): NetworkRecord[] {
  if (value === undefined) return []
  if (!isObject(value)) throw fieldError('/spec/attachments', 'value must be an object')
  const ids = stringArray(value.networkIds, '/spec/attachments/networkIds', 32)
  const seen = new Set<string>()
  return ids.map((id, i) => {
    const network = ctx.store.networks.get(id)
    if (
      !network ||
      network.organizationId !== ctx.principal.organizationId ||
      network.meta.goneAt !== undefined ||
      network.projectId !== scope.projectId ||
      network.regionId !== scope.regionId
    ) {
      throw fieldError(
        `/spec/attachments/networkIds/${i}`,
        'network does not exist in the file storage’s project and region',
      )
    }
    if (seen.has(id)) throw fieldError(`/spec/attachments/networkIds/${i}`, 'network is listed more than once')
    seen.add(id)
    return network
  })
}

/** Storage is served from the top /25 of the network, which the platform reserves for storage integration. */
function mountAddress(ctx: RequestContext, network: NetworkRecord): string {
  const prefix = parseCidr(network.prefix)
  if (!prefix) throw new Error(`stored network ${network.meta.id} has an unreadable prefix`)
  const taken = new Set<string>()
  for (const storage of ctx.store.fileStorage.values())
    for (const a of storage.attachments) if (a.networkId === network.meta.id) taken.add(a.mountAddress)
  const start = prefix.base + prefix.size - 128
  for (let offset = 5; offset < 127; offset++) {
    const address = formatIPv4(start + offset)
    if (!taken.has(address)) return address
  }
  throw conflict(`network ${network.meta.name} has no free storage addresses`)
}

function attach(ctx: RequestContext, networks: NetworkRecord[], existing: AttachmentRecord[]): AttachmentRecord[] {
  return networks.map(
    (network) =>
      existing.find((a) => a.networkId === network.meta.id) ?? {
        networkId: network.meta.id,
        mountAddress: mountAddress(ctx, network),
        readyAt: ctx.now + ctx.provisionMs,
      },
  )
}

export const createFileStorage: Handler = async (ctx) => {
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const scope = projectScope(ctx, spec)
  const regionId = string(spec.regionId, '/spec/regionId')
  requireRegion(ctx.store, scope.organizationId, regionId, '/spec/regionId')
  const storageClassId = string(spec.storageClassId, '/spec/storageClassId')
  if (!STORAGE_CLASSES.some((c) => c.id === storageClassId && c.regionId === regionId))
    throw fieldError('/spec/storageClassId', 'storage class does not exist in the region')
  const sizeGiB = readSize(spec.sizeGiB)
  const rootSquash = readRootSquash(spec.storageType)
  const networks = readAttachments(ctx, spec.attachments, { projectId: scope.projectId, regionId })
  assertUniqueName(
    [...live(ctx.store.fileStorage)].filter((f) => f.projectId === scope.projectId),
    meta.name,
    'file storage',
    'project',
  )
  const storage: FileStorageRecord = {
    meta: newMeta(ctx, meta, randomUUID()),
    ...scope,
    regionId,
    storageClassId,
    sizeGiB,
    rootSquash,
    usedBytes: 0,
    attachments: [],
  }
  storage.attachments = attach(ctx, networks, [])
  ctx.store.fileStorage.set(storage)
  ctx.store.markDirty()
  return { status: 201, body: fileStorageView(storage, ctx.now) }
}

export const listFileStorage: Handler = (ctx) => {
  const filters = readListFilters(ctx.query, ['organizationID', 'projectID', 'regionID'])
  const body = []
  for (const storage of ctx.store.fileStorage.values()) {
    if (matchesFilters(storage, filters, ctx.principal)) body.push(fileStorageView(storage, ctx.now))
  }
  return { status: 200, body }
}

export const getFileStorage: Handler = (ctx) => {
  const storage = findOwned(ctx.store.fileStorage, ctx.params.filestorageID ?? '', ctx.principal, 'file storage')
  return { status: 200, body: fileStorageView(storage, ctx.now) }
}

/** A full replacement of the spec: attachments left out are detached. Never smaller than the data stored. */
export const updateFileStorage: Handler = async (ctx) => {
  const storage = findOwned(ctx.store.fileStorage, ctx.params.filestorageID ?? '', ctx.principal, 'file storage')
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const sizeGiB = readSize(spec.sizeGiB)
  if (sizeGiB * GiB < storage.usedBytes) {
    throw fieldError(
      '/spec/sizeGiB',
      `cannot be smaller than the data already stored (${Math.ceil(storage.usedBytes / GiB)} GiB in use)`,
    )
  }
  const rootSquash = readRootSquash(spec.storageType)
  const networks = readAttachments(ctx, spec.attachments, storage)
  assertUniqueName(
    [...live(ctx.store.fileStorage)].filter((f) => f.projectId === storage.projectId),
    meta.name,
    'file storage',
    'project',
    storage.meta.id,
  )
  const updated: FileStorageRecord = {
    ...storage,
    meta: updatedMeta(ctx, storage.meta, meta),
    sizeGiB,
    rootSquash,
    attachments: attach(ctx, networks, storage.attachments),
  }
  ctx.store.fileStorage.set(updated)
  ctx.store.markDirty()
  return { status: 202, body: fileStorageView(updated, ctx.now) }
}

export const deleteFileStorage: Handler = (ctx) => {
  const storage = findOwned(ctx.store.fileStorage, ctx.params.filestorageID ?? '', ctx.principal, 'file storage')
  markDeleted(ctx, ctx.store.fileStorage, storage)
  return { status: 202 }
}
