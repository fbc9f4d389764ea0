import { createHash, randomUUID } from 'node:crypto'
import * as z from 'zod'
import { resourceRoutes, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, conflict } from '../../platform/errors.ts'
import { filteredListReply } from '../../platform/filters.ts'
import { markDeleted, newMeta, updatedMeta } from '../../platform/lifecycle.ts'
import { readableIn } from '../../platform/permissions.ts'
import { findOwned, live } from '../../platform/scope.ts'
import { regionNameOf } from '../../catalog/regions.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import type { Store } from '../../platform/store/store.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'
import { parseCidr } from '../../../../src/lib/cidr.ts'
import { CLUSTER_NETWORK_DEFAULTS, cidrClashes } from '../../../../src/lib/cluster-network.ts'
import { nksMetadata, statusFilters, type Phase } from './convergence.ts'
import { findRelease, releaseComponents, selectableIn, PLATFORM_RELEASES } from './platform-releases.ts'
import { poolReplicas } from './node-pool-status.ts'
import { dropPlacement } from './pool-placement.ts'

/** A managed Kubernetes cluster (nks-core main 2026-08-03): on one network, at one platform release. */
export interface ClusterRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  /** Inherited from the network. */
  regionId: string
  networkId: string
  generation: number
  platformReleaseId: string
  /** The release running before the current generation's: the one still observed while an upgrade rolls out. */
  previousReleaseId?: string
  /** As the create or update gave it: the platform echoes it and applies the defaults underneath. */
  clusterNetwork?: { podCidr?: string; serviceCidr?: string }
  apiServer?: { publicIP?: boolean; allowedCidrs?: string[] }
  hardware: boolean
  /** When the control plane first became ready: node pools wait for it. */
  firstReadyAt: number
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    clusters: ClusterRecord
  }
}
registerTable('clusters', { projectId: (c) => [c.projectId], networkId: (c) => [c.networkId] })

const CONTROL_PLANE_REPLICAS = 3

/** The API server's CA, as the status gives it: one base64 string of a PEM bundle, stable for the cluster. */
function caData(id: string): string {
  const body = Buffer.from(createHash('sha512').update(`nks-ca/${id}`).digest()).toString('base64')
  return Buffer.from(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`).toString('base64')
}

const shortId = (id: string) => id.replaceAll('-', '').slice(0, 8)

function phaseOf(cluster: ClusterRecord, now: number): Phase {
  const { meta } = cluster
  if (meta.goneAt !== undefined)
    return {
      provisioning: 'deprovisioning',
      provisioningReason: 'Deprovisioning',
      provisioningMessage: 'cluster and its node pools are being deleted',
      health: 'unknown',
      healthMessage: 'cluster is being deleted',
    }
  if (now >= meta.readyAt)
    return {
      provisioning: 'provisioned',
      provisioningReason: 'Provisioned',
      provisioningMessage: 'cluster is available',
      health: 'healthy',
      healthMessage: 'cluster is healthy',
    }
  const upgrading = cluster.previousReleaseId !== undefined
  return {
    provisioning: 'provisioning',
    provisioningReason: 'Provisioning',
    provisioningMessage: upgrading ? 'control plane is being upgraded' : 'control plane is being created',
    health: 'unknown',
    healthMessage: 'control plane is not yet reporting',
  }
}

/** When the current generation was written: the create, or the last update. */
const changedAt = (meta: ResourceMeta) => Date.parse(meta.modifiedTime ?? meta.creationTime)

/** The releases a cluster in `regionId` may move to from `release`: newer, and selectable there, prereleases too (the
 * document offers them as upgrade targets). */
const eligibleTargets = (releaseId: string, regionId: string) => {
  const index = PLATFORM_RELEASES.findIndex((r) => r.id === releaseId)
  return PLATFORM_RELEASES.filter((r, i) => i > index && selectableIn(r, regionId)).map((r) => r.id)
}

function clusterStatus(store: Store, cluster: ClusterRecord, now: number) {
  const { meta } = cluster
  const start = changedAt(meta)
  // The first projection of a generation comes a quarter of the way; until then the status shows the one before.
  const observed = now >= start + (meta.readyAt - start) / 4 || meta.goneAt !== undefined
  const ready = now >= meta.readyAt
  if (cluster.generation === 1 && !observed) return { regionId: cluster.regionId }
  const release = findRelease(cluster.platformReleaseId)!
  const applied = findRelease(
    ready || !cluster.previousReleaseId ? cluster.platformReleaseId : cluster.previousReleaseId,
  )!
  const controlPlaneReady =
    ready || cluster.generation > 1
      ? CONTROL_PLANE_REPLICAS
      : Math.min(
          CONTROL_PLANE_REPLICAS - 1,
          Math.floor(((now - start) / (meta.readyAt - start)) * CONTROL_PLANE_REPLICAS),
        )
  const pools = [...live(store.nodePools)].filter((pool) => pool.clusterId === cluster.meta.id)
  const replicas = pools.map((pool) => poolReplicas(store, pool, now))
  const total = (key: 'desired' | 'current' | 'ready') =>
    replicas.every((r) => r !== undefined) ? replicas.reduce((sum, r) => sum + r![key], 0) : undefined
  const components = releaseComponents(ready ? release : applied)
  const addonState = ready ? 'ready' : cluster.generation > 1 ? 'upgrading' : 'installing'
  const profile = (list: { name: string; version: string }[]) => ({
    status: addonState,
    components: list.map((c) => ({ ...c, status: addonState })),
  })
  const targets = eligibleTargets(applied.id, cluster.regionId)
  const address = `api.${shortId(meta.id)}.${regionNameOf(cluster.regionId)}`
  return {
    regionId: cluster.regionId,
    observedGeneration: observed ? cluster.generation : cluster.generation - 1,
    kubernetesVersion: {
      target: (observed ? release : applied).kubernetesVersion,
      ...((ready || cluster.generation > 1) && { observed: applied.kubernetesVersion }),
    },
    apiServer: {
      certificateAuthorityData: caData(meta.id),
      endpoints: {
        private: { address: `${address}.internal`, port: 6443 },
        ...(cluster.apiServer?.publicIP && { public: { address: `${address}.nks.example.com`, port: 6443 } }),
      },
    },
    controlPlane: { readyReplicas: controlPlaneReady, desiredReplicas: CONTROL_PLANE_REPLICAS },
    nodePools: {
      count: pools.length,
      ...(total('desired') !== undefined && {
        totalDesiredReplicas: total('desired'),
        totalCurrentReplicas: total('current'),
        totalReadyReplicas: total('ready'),
      }),
    },
    addons: {
      core: profile(components.core),
      ...(cluster.hardware && { hardware: profile(components.hardware) }),
    },
    release: {
      appliedId: applied.id,
      deprecated: applied.deprecated,
      withdrawn: applied.withdrawn,
      ...(applied.withdrawalReason && { withdrawalReason: applied.withdrawalReason }),
      ...(applied.withdrawalMessage && { withdrawalMessage: applied.withdrawalMessage }),
      upgradeAvailable: targets.length > 0,
      eligibleTargets: targets,
    },
  }
}

function clusterView(store: Store, cluster: ClusterRecord, now: number) {
  return {
    metadata: nksMetadata(cluster, phaseOf(cluster, now)),
    spec: {
      networkId: cluster.networkId,
      platformReleaseId: cluster.platformReleaseId,
      ...(cluster.clusterNetwork && { clusterNetwork: cluster.clusterNetwork }),
      apiServer: { publicIP: false, ...cluster.apiServer },
      addons: { hardware: cluster.hardware },
    },
    status: clusterStatus(store, cluster, now),
  }
}

/** The next moment a cluster's read changes by itself: its own progress, or a pool's. */
function changesAt(store: Store, cluster: ClusterRecord, now: number): number {
  const { meta } = cluster
  if (meta.goneAt !== undefined) return meta.goneAt
  const start = changedAt(meta)
  const own = [start + (meta.readyAt - start) / 4, meta.readyAt]
  const stepMs = (meta.readyAt - start) / CONTROL_PLANE_REPLICAS
  if (stepMs > 0) own.push(start + Math.ceil((now - start) / stepMs + 1e-9) * stepMs)
  const pools = [...live(store.nodePools)].filter((pool) => pool.clusterId === meta.id)
  const poolTimes = pools.map((pool) => poolReplicas(store, pool, now)?.changesAt ?? pool.meta.readyAt)
  return Math.min(...[...own, ...poolTimes].filter((at) => at > now), Infinity)
}

const ipv4Cidr = z
  .string()
  .regex(
    /^((25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\/([0-9]|[12][0-9]|3[0-2])$/,
    { error: 'string doesn\'t match the regular expression "^((25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}…"' },
  )

const specSchema = z.strictObject({
  networkId: z.string(),
  platformReleaseId: z.string(),
  clusterNetwork: z.object({ podCidr: z.string().optional(), serviceCidr: z.string().optional() }).optional(),
  apiServer: z
    .object({
      publicIP: z.boolean().optional(),
      allowedCidrs: z
        .array(ipv4Cidr)
        .min(1)
        .max(32)
        .refine((list) => new Set(list).size === list.length, { error: 'array items must be unique' })
        .optional(),
    })
    .optional(),
  addons: z.object({ hardware: z.boolean().optional() }).optional(),
})
const writeBody = envelope(specSchema)
type ClusterSpec = z.output<typeof specSchema>

const unprocessable = (message: string) => new CloudError('unprocessable_content', message)

/** The release must exist, be available in the region and be neither deprecated nor withdrawn. */
function checkRelease(releaseId: string, regionId: string): void {
  const release = findRelease(releaseId)
  if (!release) throw unprocessable(`platform release ${releaseId} does not exist`)
  if (release.withdrawn) throw unprocessable(`platform release ${releaseId} has been withdrawn`)
  if (release.deprecated) throw unprocessable(`platform release ${releaseId} is deprecated`)
  if (!release.availableRegionIds.includes(regionId))
    throw unprocessable(`platform release ${releaseId} is not available in region ${regionId}`)
}

/** Pod and service ranges: IPv4 blocks, disjoint from each other and from the network the nodes are on. */
function checkClusterNetwork(spec: ClusterSpec, networkPrefix: string): void {
  const podCidr = spec.clusterNetwork?.podCidr ?? CLUSTER_NETWORK_DEFAULTS.podCidr
  const serviceCidr = spec.clusterNetwork?.serviceCidr ?? CLUSTER_NETWORK_DEFAULTS.serviceCidr
  if (!parseCidr(podCidr).ok) throw unprocessable('spec.clusterNetwork.podCidr must be an IPv4 network CIDR')
  if (!parseCidr(serviceCidr).ok) throw unprocessable('spec.clusterNetwork.serviceCidr must be an IPv4 network CIDR')
  const clashes = cidrClashes(podCidr, serviceCidr, networkPrefix)
  if (clashes.includes('pods-services'))
    throw unprocessable('spec.clusterNetwork.podCidr overlaps spec.clusterNetwork.serviceCidr')
  if (clashes.includes('pods-network')) throw unprocessable('spec.clusterNetwork.podCidr overlaps the network prefix')
  if (clashes.includes('services-network'))
    throw unprocessable('spec.clusterNetwork.serviceCidr overlaps the network prefix')
}

/** The network, live and the caller's: the cluster's project and region come from it. */
function networkOf(ctx: RequestContext, networkId: string) {
  const network = ctx.store.networks.get(networkId)
  if (!network || network.organizationId !== ctx.principal.organizationId || network.meta.goneAt !== undefined)
    throw unprocessable(`network ${networkId} does not exist`)
  return network
}

const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(writeBody)
  const network = networkOf(ctx, spec.networkId)
  checkRelease(spec.platformReleaseId, network.regionId)
  checkClusterNetwork(spec, network.prefix)
  const meta = newMeta(ctx, metadata, randomUUID())
  const cluster: ClusterRecord = {
    meta,
    organizationId: network.organizationId,
    projectId: network.projectId,
    regionId: network.regionId,
    networkId: network.meta.id,
    generation: 1,
    platformReleaseId: spec.platformReleaseId,
    ...(spec.clusterNetwork && { clusterNetwork: spec.clusterNetwork }),
    ...(spec.apiServer && { apiServer: spec.apiServer }),
    // The create's default: the hardware profile is on unless asked off.
    hardware: spec.addons?.hardware ?? true,
    firstReadyAt: meta.readyAt,
  }
  ctx.store.clusters.set(cluster)
  return {
    status: 201,
    body: clusterView(ctx.store, cluster, ctx.now),
    headers: { Location: `/api/v1/clusters/${meta.id}` },
  }
}

const find = (ctx: RequestContext) =>
  findOwned(ctx.store.clusters, ctx.params.clusterID ?? '', ctx.principal, 'cluster')

const update: Handler = async (ctx) => {
  const cluster = find(ctx)
  const { metadata, spec } = await ctx.body(writeBody)
  if (cluster.meta.goneAt !== undefined) throw conflict('cluster is being deleted')
  if (spec.networkId !== cluster.networkId) throw unprocessable('spec.networkId is immutable')
  const releaseChanged = spec.platformReleaseId !== cluster.platformReleaseId
  if (releaseChanged) {
    checkRelease(spec.platformReleaseId, cluster.regionId)
    if (!eligibleTargets(cluster.platformReleaseId, cluster.regionId).includes(spec.platformReleaseId))
      throw unprocessable(`platform release ${spec.platformReleaseId} is not an upgrade target of this cluster`)
  }
  checkClusterNetwork(spec, ctx.store.networks.get(cluster.networkId)?.prefix ?? '')
  const updated: ClusterRecord = {
    ...cluster,
    meta: updatedMeta(ctx, cluster.meta, metadata),
    generation: cluster.generation + 1,
    platformReleaseId: spec.platformReleaseId,
    ...(releaseChanged ? { previousReleaseId: cluster.platformReleaseId } : {}),
    clusterNetwork: spec.clusterNetwork,
    apiServer: spec.apiServer,
    hardware: spec.addons?.hardware ?? true,
  }
  if (!releaseChanged) delete updated.previousReleaseId
  ctx.store.clusters.set(updated)
  return { status: 200, body: clusterView(ctx.store, updated, ctx.now) }
}

/**
 * The cluster and its node pools go together (202): each reads as deprovisioning until it is gone, and each pool's
 * placement goes with it.
 */
const remove: Handler = (ctx) => {
  const cluster = find(ctx)
  for (const pool of [...live(ctx.store.nodePools)])
    if (pool.clusterId === cluster.meta.id) {
      markDeleted(ctx, ctx.store.nodePools, pool)
      dropPlacement(ctx, pool)
    }
  markDeleted(ctx, ctx.store.clusters, cluster)
  return { status: 202 }
}

const list: Handler = (ctx) => {
  const matches = statusFilters(ctx.query)
  const readable = readableIn(ctx.store, ctx.principal, 'nks:clusters')
  const items = [...ctx.store.clusters.values()].filter(
    (c) => readable(c.projectId) && matches(c.meta, phaseOf(c, ctx.now)),
  )
  const reply = filteredListReply(
    ctx,
    items,
    ['organizationID', 'projectID', 'regionID', 'networkID'],
    (c) => clusterView(ctx.store, c, ctx.now),
    (c) => changesAt(ctx.store, c, ctx.now),
  )
  // Ordered by exact display name, then by id, as the document says.
  if (Array.isArray(reply.body)) reply.body.sort(byNameThenId)
  return reply
}

export const byNameThenId = (a: unknown, b: unknown) => {
  const x = (a as { metadata: { name: string; id: string } }).metadata
  const y = (b as { metadata: { name: string; id: string } }).metadata
  return x.name < y.name ? -1 : x.name > y.name ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0
}

const get: Handler = (ctx) => ({ status: 200, body: clusterView(ctx.store, find(ctx), ctx.now) })

/** Clusters: list, create (201), read, update and delete (202). */
export const clusterRoutes = resourceRoutes(
  '/api/v1/clusters',
  'clusterID',
  'nks:clusters',
  { list, create, get, update, delete: remove },
  (store, params) => store.clusters.get(params.clusterID ?? ''),
)
