import * as z from 'zod'
import { type Handler, type RequestContext } from '../../platform/context.ts'
import { exhausted, invalidRequest } from '../../platform/errors.ts'
import { orNull } from '../../platform/filters.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { formatIPv4, parseCidr } from '../../platform/ip.ts'
import { readMetadata, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import { projectScope, requireRegion } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import type { NetworkRecord } from './networks.ts'
import { envelope, idList } from '../../platform/validate.ts'
import { STORAGE_CLASSES } from '../../catalog/regions.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { allocate } from '../identity/allocations.ts'

interface AttachmentRecord {
  networkId: string
  mountAddress: string
  readyAt: number
}

/** A user-managed snapshot policy as the spec gives it, and when it was last applied. */
interface SnapshotPolicyRecord {
  name: string
  schedule: {
    interval: 'hourly' | 'daily' | 'weekly' | 'monthly'
    timeOfDay?: string
    dayOfWeek?: (typeof DAYS)[number]
    dayOfMonth?: number
  }
  retention: { keep: number }
  readyAt: number
}

export interface FileStorageRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  storageClassId: string
  sizeGiB: number
  rootSquash: boolean
  usedBytes: number
  attachments: AttachmentRecord[]
  /** Records written before region v1.20.0 have neither: protection on, no policies. */
  defaultSnapshotProtection?: boolean
  snapshotPolicies?: SnapshotPolicyRecord[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    fileStorage: FileStorageRecord
  }
}
registerTable('fileStorage', {
  projectId: (storage) => [storage.projectId],
  networkId: (storage) => storage.attachments.map((attachment) => attachment.networkId),
})

const GiB = 2 ** 30
/** 1 PiB: the largest single file system offered. */
const MAX_SIZE_GIB = 1024 * 1024

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/**
 * NFS options the class's servers want at mount, per attachment (region v1.20.0 `mountOptions`): the performance class
 * spreads a mount over several connections. None for the standard class: the platform leaves the field out.
 */
function mountOptionsOf(storageClassId: string): Record<string, string> | undefined {
  const storageClass = STORAGE_CLASSES.find((c) => c.id === storageClassId)
  return storageClass?.name === 'performance-nfs' ? { vers: '4.1', nconnect: '16' } : undefined
}

const policyState = (policy: SnapshotPolicyRecord, storage: FileStorageRecord, now: number) =>
  storage.meta.goneAt !== undefined ? 'deprovisioning' : now >= policy.readyAt ? 'provisioned' : 'provisioning'

/** Answered in the platform's spelling, `{NFS: {rootSquash}}`. */
function fileStorageView(storage: FileStorageRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(storage.meta, now, { createdBy: true }),
      organizationId: storage.organizationId,
      projectId: storage.projectId,
    },
    spec: {
      sizeGiB: storage.sizeGiB,
      storageType: { NFS: { rootSquash: storage.rootSquash } },
      attachments: { networkIds: storage.attachments.map((a) => a.networkId) },
      defaultSnapshotProtectionEnabled: storage.defaultSnapshotProtection ?? true,
      snapshotPolicies: (storage.snapshotPolicies ?? []).map(({ name, schedule, retention }) => ({
        name,
        schedule,
        retention,
      })),
    },
    status: {
      regionId: storage.regionId,
      storageClassId: storage.storageClassId,
      usage: { capacityBytes: storage.sizeGiB * GiB, usedBytes: storage.usedBytes },
      attachments: orNull(
        storage.attachments.map((a) => {
          const attached = storage.meta.goneAt === undefined && now >= a.readyAt
          const mountOptions = mountOptionsOf(storage.storageClassId)
          return {
            networkId: a.networkId,
            ...(attached ? { mountSource: `${a.mountAddress}:/fs-${storage.meta.id}` } : {}),
            ...(attached && mountOptions ? { mountOptions } : {}),
            provisioningStatus:
              storage.meta.goneAt !== undefined ? 'deprovisioning' : attached ? 'provisioned' : 'provisioning',
          }
        }),
      ),
      snapshotPolicies: (storage.snapshotPolicies ?? []).map((policy) => ({
        name: policy.name,
        provisioningStatus: policyState(policy, storage, now),
      })),
    },
  }
}

/** Until the storage's own status or one of its attachments' changes by itself. */
function changesAt(storage: FileStorageRecord, now: number): number {
  let at = statusChangesAt(storage.meta, now)
  for (const a of storage.attachments) if (a.readyAt > now) at = Math.min(at, a.readyAt)
  for (const p of storage.snapshotPolicies ?? []) if (p.readyAt > now) at = Math.min(at, p.readyAt)
  return at
}

/** Either spelling of the flag inside either spelling of the type. */
const nfsFlags = z.object({ rootsquash: z.boolean().optional(), rootSquash: z.boolean().optional() })

/** `{nfs: {rootsquash}}` (the spec) or `{NFS: {rootSquash}}` (the platform): whichever is sent must carry the flag. */
const storageType = z.object({ nfs: nfsFlags.optional(), NFS: nfsFlags.optional() }).check((ctx) => {
  const { nfs, NFS } = ctx.value
  if (!nfs && !NFS)
    ctx.issues.push({ code: 'custom', input: ctx.value, path: ['nfs'], message: 'property is required' })
  if (nfs && nfs.rootsquash === undefined && nfs.rootSquash === undefined)
    ctx.issues.push({ code: 'custom', input: nfs, path: ['nfs', 'rootsquash'], message: 'property is required' })
  if (NFS && NFS.rootSquash === undefined && NFS.rootsquash === undefined)
    ctx.issues.push({ code: 'custom', input: NFS, path: ['NFS', 'rootSquash'], message: 'property is required' })
})

function rootSquashOf(written: z.output<typeof storageType>): boolean {
  const lower = written.nfs?.rootsquash ?? written.nfs?.rootSquash
  const upper = written.NFS?.rootSquash ?? written.NFS?.rootsquash
  if (lower !== undefined && upper !== undefined && lower !== upper) throw invalidRequest('nfs and NFS disagree')
  return (lower ?? upper) as boolean
}

/** region v1.20.0 storageSnapshotPolicyV2Spec, as its schema has it. */
const snapshotPolicy = z.object({
  name: z
    .string()
    .max(19)
    .regex(/^[a-z]([-a-z0-9]*[a-z0-9])?$/),
  schedule: z.object({
    interval: z.enum(['hourly', 'daily', 'weekly', 'monthly']),
    timeOfDay: z
      .string()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]Z$/)
      .optional(),
    dayOfWeek: z.enum(DAYS).optional(),
    dayOfMonth: z.int().min(1).max(28).optional(),
  }),
  retention: z.object({ keep: z.int().min(1) }),
})

const storageSpec = z.object({
  sizeGiB: z.int().min(1).max(MAX_SIZE_GIB),
  storageType,
  attachments: z.object({ networkIds: idList(32, 'network is listed more than once') }).optional(),
  // Explicit null is invalid, as the document says: only a boolean, or nothing.
  defaultSnapshotProtectionEnabled: z.boolean().optional(),
  snapshotPolicies: z.array(snapshotPolicy).max(4).optional(),
})

type SnapshotPolicy = z.output<typeof snapshotPolicy>

/**
 * The policies as the write gives them, each name once: the name is the policy's stable identity key. One unchanged
 * since the last write keeps its state; a new or changed one is applied again.
 */
function snapshotPolicies(
  ctx: RequestContext,
  written: SnapshotPolicy[],
  existing: SnapshotPolicyRecord[] = [],
): SnapshotPolicyRecord[] {
  const names = new Set(written.map((p) => p.name))
  if (names.size < written.length) throw invalidRequest('snapshot policy name is listed more than once')
  return written.map((policy) => {
    const before = existing.find((p) => p.name === policy.name)
    const same =
      before &&
      JSON.stringify([before.schedule, before.retention]) === JSON.stringify([policy.schedule, policy.retention])
    return { ...policy, readyAt: same ? before.readyAt : ctx.now + ctx.provisionMs }
  })
}

const createBody = envelope(
  storageSpec.extend({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    storageClassId: z.string(),
  }),
)
const updateBody = envelope(storageSpec)

/** Attachments: live networks of the same project and region. */
function attachedNetworks(
  ctx: RequestContext,
  ids: readonly string[],
  scope: { projectId: string; regionId: string },
): NetworkRecord[] {
  return ids.map((id) => {
    const network = ctx.store.networks.get(id)
    if (
      !network ||
      network.organizationId !== ctx.principal.organizationId ||
      network.meta.goneAt !== undefined ||
      network.projectId !== scope.projectId ||
      network.regionId !== scope.regionId
    ) {
      throw invalidRequest('network does not exist in the file storage’s project and region')
    }
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
  throw exhausted(`network ${network.meta.name} has no free storage addresses`)
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

const createFileStorage: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  requireRegion(ctx.store, scope.organizationId, spec.regionId)
  if (!STORAGE_CLASSES.some((c) => c.id === spec.storageClassId && c.regionId === spec.regionId))
    throw invalidRequest('storage class does not exist in the region')
  const rootSquash = rootSquashOf(spec.storageType)
  const networks = attachedNetworks(ctx, spec.attachments?.networkIds ?? [], {
    projectId: scope.projectId,
    regionId: spec.regionId,
  })
  allocate(ctx, scope.organizationId, { filestorage: spec.sizeGiB })
  const storage: FileStorageRecord = {
    ...newRegional(ctx, metadata, { ...scope, regionId: spec.regionId }),
    storageClassId: spec.storageClassId,
    sizeGiB: spec.sizeGiB,
    rootSquash,
    usedBytes: 0,
    attachments: [],
    // Omitted on create, Default Snapshot Protection is on; no policies unless the create lists them.
    defaultSnapshotProtection: spec.defaultSnapshotProtectionEnabled ?? true,
    snapshotPolicies: snapshotPolicies(ctx, spec.snapshotPolicies ?? []),
  }
  storage.attachments = attach(ctx, networks, [])
  ctx.store.fileStorage.set(storage)
  return { status: 201, body: fileStorageView(storage, ctx.now) }
}

const resource = regionalResource('fileStorage', fileStorageView, {
  changesAt,
})

/** A full replacement of the spec: attachments left out are detached. Never smaller than the data stored. */
const updateFileStorage: Handler = async (ctx) => {
  const storage = resource.find(ctx)
  const { metadata, spec } = await ctx.body(updateBody)
  if (spec.sizeGiB * GiB < storage.usedBytes) {
    throw invalidRequest(
      `cannot be smaller than the data already stored (${Math.ceil(storage.usedBytes / GiB)} GiB in use)`,
    )
  }
  const rootSquash = rootSquashOf(spec.storageType)
  const networks = attachedNetworks(ctx, spec.attachments?.networkIds ?? [], storage)
  allocate(ctx, storage.organizationId, { filestorage: spec.sizeGiB }, storage.meta.id)
  const updated: FileStorageRecord = {
    ...storage,
    meta: updatedMeta(ctx, storage.meta, metadata),
    sizeGiB: spec.sizeGiB,
    rootSquash,
    attachments: attach(ctx, networks, storage.attachments),
    // Omitted on update, both stay as they were; an empty list clears the policies.
    defaultSnapshotProtection: spec.defaultSnapshotProtectionEnabled ?? storage.defaultSnapshotProtection ?? true,
    snapshotPolicies:
      spec.snapshotPolicies === undefined
        ? storage.snapshotPolicies
        : snapshotPolicies(ctx, spec.snapshotPolicies, storage.snapshotPolicies),
  }
  ctx.store.fileStorage.set(updated)
  return { status: 202, body: fileStorageView(updated, ctx.now) }
}

/** File storage, on the regional API. */
export const fileStorageRoutes = resource.routes({
  create: createFileStorage,
  update: updateFileStorage,
})
