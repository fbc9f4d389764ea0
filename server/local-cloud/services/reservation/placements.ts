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
import { refuseWhileUsed } from '../../platform/usage.ts'
import { envelope, type WriteMetadata } from '../../platform/validate.ts'
import type { NetworkRecord } from '../regional/networks.ts'
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
  /**
   * The controller that owns it, when another service made it: a node pool in reservation mode (its status's
   * `placementId`). The placement's read has no such field; a release blocked by it names it (`managedBy`).
   */
  managedBy?: { kind: 'NodePool'; id: string }
  /** Servers ready while a resize provisions (the hosts it kept), until `meta.readyAt`. */
  readyBefore?: number
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
registerTable('placementServers', {
  projectId: 'does not block',
  networkId: 'does not block',
  placementId: 'does not block',
})

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
      // Its servers' region resources are ready together, when the placement is provisioned (a resize keeps the
      // hosts it had ready meanwhile).
      readyHostCount: p.meta.goneAt !== undefined ? 0 : now >= p.meta.readyAt ? p.count : (p.readyBefore ?? 0),
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

/**
 * How many of the reservation's hosts no placement's server holds (one being deleted holds its host until it is
 * gone): the room a placement with the default readiness policy has, and the one rule a node pool's placement is
 * held to as well.
 */
export const freeHostCount = (ctx: RequestContext, r: ReservationRecord): number =>
  freeHosts(ctx, r, 'Prefer').reduce((sum, d) => sum + d.free.length, 0)

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
  const { count, readinessPolicy, serverSpec } = spec
  const placement = makePlacement(ctx, {
    metadata,
    ...scope,
    reservation,
    network,
    count,
    constraints: c,
    ...(readinessPolicy ? { readinessPolicy } : {}),
    serverSpec,
  })
  return { status: 202, body: placementView(placement, ctx.now) }
}

/** What a placement is made of: where, how many hosts, how they are chosen and what runs on them. */
interface PlacementOrder {
  metadata: WriteMetadata
  organizationId: string
  projectId: string
  reservation: ReservationRecord
  network: NetworkRecord
  count: number
  constraints: Constraints
  readinessPolicy?: { mode: Readiness }
  serverSpec: ServerSpec
  managedBy?: PlacementRecord['managedBy']
}

/**
 * Makes a placement and a server on each host it takes: 409 when the reservation has fewer free hosts than it asks
 * for, 422 when its constraints cannot be met. The reservation's topology moves on.
 */
export function makePlacement(ctx: RequestContext, order: PlacementOrder): PlacementRecord {
  const { reservation, network, constraints: c } = order
  const mode = order.readinessPolicy?.mode ?? 'Prefer'
  const hosts = selectHosts(freeHosts(ctx, reservation, mode), order.count, c)
  const placement: PlacementRecord = {
    ...newRegional(ctx, order.metadata, {
      organizationId: order.organizationId,
      projectId: order.projectId,
      regionId: reservation.regionId,
    }),
    reservationId: reservation.meta.id,
    networkId: network.meta.id,
    count: order.count,
    constraints: c,
    ...(order.readinessPolicy ? { readinessPolicy: order.readinessPolicy } : {}),
    serverSpec: order.serverSpec,
    ...(order.managedBy ? { managedBy: order.managedBy } : {}),
  }
  ctx.store.placements.set(placement)
  addServers(ctx, placement, network, hosts)
  ctx.store.reservations.set(retopologized(ctx.store, reservation, ctx.now))
  return placement
}

const serversOf = (ctx: RequestContext, placementId: string) =>
  [...live(ctx.store.placementServers)].filter((s) => s.placementId === placementId)

/** A server booting on each host, named after the placement and numbered from the first number its servers leave. */
function addServers(ctx: RequestContext, placement: PlacementRecord, network: NetworkRecord, hosts: Host[]): void {
  const used = new Set(serversOf(ctx, placement.meta.id).map((s) => s.meta.name))
  const privates = new Set<string>()
  const publics = new Set<string>()
  let n = 0
  for (const host of hosts) {
    while (used.has(`${placement.meta.name}-${n}`)) n++
    const name = `${placement.meta.name}-${n++}`
    const { power } = firstBoot(ctx.now, ctx.provisionMs)
    const privateIP = privateAddress(ctx, network.meta.id, network.prefix, privates)
    privates.add(privateIP)
    const publicIP = placement.serverSpec.networking?.publicIP
      ? publicAddress(ctx, placement.regionId, publics)
      : undefined
    if (publicIP) publics.add(publicIP)
    ctx.store.placementServers.set({
      meta: { ...placement.meta, id: `psrv-${randomBytes(8).toString('hex')}`, name },
      organizationId: placement.organizationId,
      projectId: placement.projectId,
      regionId: placement.regionId,
      reservationId: placement.reservationId,
      placementId: placement.meta.id,
      networkId: network.meta.id,
      hostRef: host.ref,
      power,
      privateIP,
      ...(publicIP ? { publicIP } : {}),
      macAddress: mac(),
    })
  }
}

/**
 * Changes how many hosts a placement holds, as the controller that owns one does (the API has no update): growing
 * takes more of the reservation's free hosts as its constraints say (409 when it has too few), shrinking deletes its
 * newest servers, whose hosts are free once they are gone. It provisions again meanwhile.
 */
export function resizePlacement(ctx: RequestContext, placement: PlacementRecord, count: number): PlacementRecord {
  const reservation = ctx.store.reservations.get(placement.reservationId)
  const network = ctx.store.networks.get(placement.networkId)
  if (!reservation || !network) throw new Error(`placement ${placement.meta.id} lost its reservation or network`)
  const servers = serversOf(ctx, placement.meta.id)
  if (count > servers.length) {
    const mode = placement.readinessPolicy?.mode ?? 'Prefer'
    const hosts = selectHosts(freeHosts(ctx, reservation, mode), count - servers.length, placement.constraints)
    addServers(ctx, placement, network, hosts)
  } else {
    const newestFirst = servers.sort((a, b) => serverNumber(b) - serverNumber(a))
    for (const server of newestFirst.slice(0, servers.length - count))
      markDeleted(ctx, ctx.store.placementServers, server)
  }
  const ready = ctx.now >= placement.meta.readyAt ? placement.count : (placement.readyBefore ?? 0)
  const resized: PlacementRecord = {
    ...placement,
    count,
    meta: { ...placement.meta, readyAt: ctx.now + ctx.provisionMs },
    readyBefore: Math.min(ready, count),
  }
  ctx.store.placements.set(resized)
  ctx.store.reservations.set(retopologized(ctx.store, reservation, ctx.now))
  return resized
}

const serverNumber = (s: PlacementServerRecord) => Number(/-(\d+)$/.exec(s.meta.name)?.[1] ?? 0)

/** Marks the placement and its servers deleted; their hosts are free again once the servers are gone. */
export function deletePlacement(ctx: RequestContext, placement: PlacementRecord): void {
  for (const server of serversOf(ctx, placement.meta.id)) markDeleted(ctx, ctx.store.placementServers, server)
  markDeleted(ctx, ctx.store.placements, placement)
  const reservation = ctx.store.reservations.get(placement.reservationId)
  if (reservation) ctx.store.reservations.set(retopologized(ctx.store, reservation, ctx.now))
}

/**
 * Deletes the placement and its servers; their hosts are free again once the servers are gone. A placement a node
 * pool manages (its `status.reservation.placementId`) is refused with 403, naming the pool: the documents say nothing
 * of a direct delete of one, but the pool would be left counting workers on hosts it no longer holds, and the pool's
 * own update and delete resize and remove it. 403 is the refusal the delete's responses list (no 409), and the one
 * the platform gives for anything else in use.
 */
const remove: Handler = (ctx) => {
  const placement = resource.find(ctx)
  refuseWhileUsed(ctx.store, 'placements', placement)
  deletePlacement(ctx, placement)
  return { status: 202 }
}

export const findPlacement = resource.find
export const placementNeeds = resource.needs

/** Placements: list (by reservation and network too), create (202), read and delete; the platform has no update. */
export const placementRoutes = resource.routes({ create, delete: remove })
