import { randomBytes } from 'node:crypto'
import * as z from 'zod'
import { REGIONS } from '../../catalog/regions.ts'
import { offeringOf, type Domain, type Host } from '../../catalog/hardware.ts'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { CloudError, conflict, notFound } from '../../platform/errors.ts'
import { formatIPv4, parseCidr } from '../../platform/ip.ts'
import { firstBoot, markDeleted, readMetadata } from '../../platform/lifecycle.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { live, projectScope } from '../../platform/scope.ts'
import type { PowerRecord, ResourceMeta } from '../../platform/store/records.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'
import { bootableImage } from '../regional/images.ts'
import { domainIndex, occupants } from './capacity.ts'
import { retopologized, type ReservationRecord } from './reservations.ts'

type Policy = 'pack' | 'spread'
type Readiness = 'Require' | 'Prefer' | 'Ignore'

interface Constraints {
  policy: Policy
  maxSkew?: number
  minDomains?: number
  whenUnsatisfiable?: 'fail' | 'bestEffort'
}

interface ServerSpec {
  imageId: string
  networking?: { allowedSourceAddresses?: string[]; publicIP?: boolean; securityGroups?: string[] }
  sshCertificateAuthorityId?: string
  userData?: string
}

/** Servers pinned to hosts of one reservation, on one network. */
export interface PlacementRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  reservationId: string
  networkId: string
  count: number
  constraints: Constraints
  readinessPolicy?: { mode: Readiness }
  serverSpec: ServerSpec
}

/** One placement's server on one host; its id is public and opaque (`psrv-…`), not a UUID. */
export interface PlacementServerRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  reservationId: string
  placementId: string
  networkId: string
  /** The Ironic node UUID of its host. */
  hostRef: string
  power: PowerRecord
  privateIP: string
  publicIP?: string
  macAddress: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    placements: PlacementRecord
    placementServers: PlacementServerRecord
  }
}
// A placement's servers are the platform's region servers on its network: the regional API's network delete knows
// nothing of placements, so they do not hold it here either.
registerTable('placements', { projectId: (p) => [p.projectId], networkId: 'does not block' })
registerTable('placementServers', { projectId: 'does not block', networkId: 'does not block' })

export function placementView(p: PlacementRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(p.meta, now, { createdBy: true }),
      organizationId: p.organizationId,
      projectId: p.projectId,
    },
    spec: {
      count: p.count,
      constraints: p.constraints,
      ...(p.readinessPolicy ? { readinessPolicy: p.readinessPolicy } : {}),
      serverSpec: p.serverSpec,
    },
    status: {
      regionId: p.regionId,
      reservationId: p.reservationId,
      networkId: p.networkId,
      // Its servers' region resources are ready together, when the placement is provisioned.
      readyHostCount: now >= p.meta.readyAt && p.meta.goneAt === undefined ? p.count : 0,
    },
  }
}

const resource = regionalResource('placements', placementView, { byNetwork: true, byReservation: true })

const createBody = envelope(
  z.object({
    organizationId: z.string(),
    projectId: z.string(),
    reservationId: z.string(),
    networkId: z.string(),
    count: z.number().int().min(1),
    constraints: z.object({
      policy: z.enum(['pack', 'spread']),
      maxSkew: z.number().int().min(1).optional(),
      minDomains: z.number().int().min(1).optional(),
      whenUnsatisfiable: z.enum(['fail', 'bestEffort']).optional(),
    }),
    readinessPolicy: z.object({ mode: z.enum(['Require', 'Prefer', 'Ignore']) }).optional(),
    serverSpec: z.object({
      imageId: z.string(),
      networking: z
        .object({
          allowedSourceAddresses: z.array(z.string()).optional(),
          publicIP: z.boolean().optional(),
          securityGroups: z.array(z.string()).optional(),
        })
        .optional(),
      sshCertificateAuthorityId: z.string().optional(),
      userData: z.base64().optional(),
    }),
  }),
)

const unprocessable = (message: string) => new CloudError('unprocessable_content', message)

/** The free hosts of each of the reservation's domains, ready ones first or only, as the readiness policy says. */
function freeHosts(ctx: RequestContext, r: ReservationRecord, mode: Readiness): { domain: Domain; free: Host[] }[] {
  const index = domainIndex(offeringOf(r.regionId, r.accelerator, r.unit)?.pods ?? [])
  const held = occupants(ctx.store)
  return r.domainIds.flatMap((domainId) => {
    const domain = index.get(domainId)?.domain
    if (!domain) return []
    const free = domain.hosts.filter((h) => !held.has(h.ref) && (mode !== 'Require' || h.ready))
    if (mode === 'Prefer') free.sort((a, b) => Number(b.ready) - Number(a.ready))
    return [{ domain, free }]
  })
}

/**
 * The hosts a placement takes. Pack fills domains in order; spread deals one host to each domain in turn, then checks
 * min domains and max skew (between any two domains that had free hosts). Unsatisfiable with `fail` (the default)
 * is a 422; with `bestEffort` the dealt hosts stand.
 */
function selectHosts(domains: { domain: Domain; free: Host[] }[], count: number, c: Constraints): Host[] {
  const available = domains.reduce((sum, d) => sum + d.free.length, 0)
  if (available < count)
    throw conflict(`the reservation has ${available} free host(s) for this placement; ${count} were asked for`)
  if (c.policy === 'pack') return domains.flatMap((d) => d.free).slice(0, count)
  const eligible = domains.filter((d) => d.free.length > 0)
  const taken = eligible.map(() => [] as Host[])
  for (let dealt = 0; dealt < count;) {
    eligible.forEach((d, i) => {
      if (dealt < count && taken[i]!.length < d.free.length) {
        taken[i]!.push(d.free[taken[i]!.length]!)
        dealt++
      }
    })
  }
  const counts = taken.map((hosts) => hosts.length)
  const used = counts.filter((n) => n > 0).length
  const skew = Math.max(...counts) - Math.min(...counts)
  const why =
    used < (c.minDomains ?? 1)
      ? `spread over ${c.minDomains} domains cannot be met: the hosts fit in ${used}`
      : skew > (c.maxSkew ?? 1)
        ? `max skew ${c.maxSkew ?? 1} cannot be met: the free hosts allow a skew of ${skew}`
        : undefined
  if (why && (c.whenUnsatisfiable ?? 'fail') === 'fail')
    throw unprocessable(`placement constraints unsatisfiable: ${why}`)
  return taken.flat()
}

/** The lowest address from .10 up in the network's lower half that no instance or placement server holds. */
function privateAddress(ctx: RequestContext, networkId: string, prefix: string, also: Set<string>): string {
  const cidr = parseCidr(prefix)
  if (!cidr) throw new Error(`stored network ${networkId} has an unreadable prefix`)
  const taken = new Set([
    ...[...ctx.store.instances.values()].filter((i) => i.networkId === networkId).map((i) => i.privateIP),
    ...[...ctx.store.placementServers.values()].filter((s) => s.networkId === networkId).map((s) => s.privateIP),
    ...also,
  ])
  const end = Math.min(cidr.base + cidr.size - 128, cidr.base + 65536)
  for (let address = cidr.base + 10; address < end; address++) {
    if (!taken.has(formatIPv4(address))) return formatIPv4(address)
  }
  throw new CloudError('server_error', 'failed to allocate: the network has no free addresses')
}

/** A public address from the top of the region's pool down, clear of the instances' (which take it from the bottom). */
function publicAddress(ctx: RequestContext, regionId: string, also: Set<string>): string {
  const pool = parseCidr(REGIONS.find((r) => r.id === regionId)?.publicPool ?? '')
  if (!pool) throw new Error(`region ${regionId} has no public address pool`)
  const taken = new Set([
    ...[...ctx.store.instances.values()].map((i) => i.publicAddress),
    ...[...ctx.store.placementServers.values()].map((s) => s.publicIP),
    ...also,
  ])
  for (let address = pool.base + pool.size - 2; address > pool.base; address--) {
    if (!taken.has(formatIPv4(address))) return formatIPv4(address)
  }
  throw new CloudError('server_error', 'failed to allocate: the region has no free public addresses')
}

const mac = () => ['fa', '16', '3e', ...[...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0'))].join(':')

/**
 * Places `count` servers on the reservation's free hosts: 404 for a reservation, network, image, CA or security group
 * it cannot find in the project; 422 for constraints that contradict themselves or cannot be met; 409 for a name
 * already placed in the project, or more hosts than the reservation has free. Each server boots as an instance does.
 */
const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  const c = spec.constraints
  if (c.policy === 'pack' && (c.maxSkew !== undefined || c.minDomains !== undefined))
    throw unprocessable('maxSkew and minDomains apply only when policy is spread')
  if (c.minDomains !== undefined && c.minDomains > spec.count)
    throw unprocessable('minDomains must be less than or equal to count')
  const reservation = ctx.store.reservations.get(spec.reservationId)
  if (!reservation || reservation.projectId !== scope.projectId || reservation.meta.goneAt !== undefined)
    throw notFound('reservation not found')
  const network = ctx.store.networks.get(spec.networkId)
  if (!network || network.projectId !== scope.projectId || network.meta.goneAt !== undefined)
    throw notFound('network not found')
  if (network.regionId !== reservation.regionId) throw unprocessable('the network is not in the reservation’s region')
  if (!bootableImage(ctx, scope.organizationId, reservation.regionId, spec.serverSpec.imageId))
    throw notFound('image not found')
  const caId = spec.serverSpec.sshCertificateAuthorityId
  if (caId !== undefined && ctx.store.sshCertificateAuthorities.get(caId)?.projectId !== scope.projectId)
    throw notFound('SSH certificate authority not found')
  for (const groupId of spec.serverSpec.networking?.securityGroups ?? []) {
    if (ctx.store.securityGroups.get(groupId)?.networkId !== network.meta.id) throw notFound('security group not found')
  }
  if (
    [...live(ctx.store.placements, scope.organizationId)].some(
      (p) => p.projectId === scope.projectId && p.meta.name === metadata.name,
    )
  )
    throw conflict('a placement with the same name already exists')
  const mode = spec.readinessPolicy?.mode ?? 'Prefer'
  const hosts = selectHosts(freeHosts(ctx, reservation, mode), spec.count, c)
  const placement: PlacementRecord = {
    ...newRegional(ctx, metadata, { ...scope, regionId: reservation.regionId }),
    reservationId: reservation.meta.id,
    networkId: network.meta.id,
    count: spec.count,
    constraints: c,
    ...(spec.readinessPolicy ? { readinessPolicy: spec.readinessPolicy } : {}),
    serverSpec: spec.serverSpec,
  }
  ctx.store.placements.set(placement)
  const privates = new Set<string>()
  const publics = new Set<string>()
  hosts.forEach((host, i) => {
    const { power } = firstBoot(ctx.now, ctx.provisionMs)
    const privateIP = privateAddress(ctx, network.meta.id, network.prefix, privates)
    privates.add(privateIP)
    const publicIP = spec.serverSpec.networking?.publicIP
      ? publicAddress(ctx, reservation.regionId, publics)
      : undefined
    if (publicIP) publics.add(publicIP)
    ctx.store.placementServers.set({
      meta: { ...placement.meta, id: `psrv-${randomBytes(8).toString('hex')}`, name: `${metadata.name}-${i}` },
      ...scope,
      regionId: reservation.regionId,
      reservationId: reservation.meta.id,
      placementId: placement.meta.id,
      networkId: network.meta.id,
      hostRef: host.ref,
      power,
      privateIP,
      ...(publicIP ? { publicIP } : {}),
      macAddress: mac(),
    })
  })
  ctx.store.reservations.set(retopologized(ctx.store, reservation, ctx.now))
  return { status: 202, body: placementView(placement, ctx.now) }
}

/** Deletes the placement and its servers; their hosts are free again once the servers are gone. */
const remove: Handler = (ctx) => {
  const placement = resource.find(ctx)
  for (const server of live(ctx.store.placementServers)) {
    if (server.placementId === placement.meta.id) markDeleted(ctx, ctx.store.placementServers, server)
  }
  const reply = resource.remove(ctx, placement)
  const reservation = ctx.store.reservations.get(placement.reservationId)
  if (reservation) ctx.store.reservations.set(retopologized(ctx.store, reservation, ctx.now))
  return reply
}

export const findPlacement = resource.find
export const placementNeeds = resource.needs

/** Placements: list (by reservation and network too), create (202), read and delete; the platform has no update. */
export const placementRoutes = resource.routes({ create, delete: remove })
