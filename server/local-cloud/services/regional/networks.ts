import * as z from 'zod'
import type { Handler } from '../../platform/context.ts'
import { invalidRequest } from '../../platform/errors.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { cidrContains, parseCidr, parseIPv4 } from '../../platform/ip.ts'
import { readMetadata, updatedMeta } from '../../platform/lifecycle.ts'
import { projectScope, requireRegion } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { cidr, envelope, ipv4 } from '../../platform/validate.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { allocate } from '../identity/allocations.ts'

interface Route {
  prefix: string
  nexthop: string
}

export interface NetworkRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  prefix: string
  dnsNameservers: string[]
  routes: Route[]
  /** Fixed at create (region v1.20.0); records written before it have the platform's default. */
  reservations?: Reservations
}

interface Reservations {
  prefixLength: number
  providerReservedPrefixLength?: number
}

/** What a create that names no reservations gets: a /25 from the start of the network, its first /28 the provider's. */
const DEFAULT_RESERVATIONS: Reservations = { prefixLength: 25, providerReservedPrefixLength: 28 }

declare module '../../platform/store/tables.ts' {
  interface Tables {
    networks: NetworkRecord
  }
}
registerTable('networks', { projectId: (network) => [network.projectId] })

/** The platform needs at least a /24: the top /25 of every network is reserved for storage integration. */
const LARGEST_PREFIX_LENGTH = 24

function networkView(network: NetworkRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(network.meta, now, { createdBy: true }),
      organizationId: network.organizationId,
      projectId: network.projectId,
    },
    // The region document types routes as an array, optional: an empty one is left out, never null.
    spec: { dnsNameservers: network.dnsNameservers, ...(network.routes?.length ? { routes: network.routes } : {}) },
    status: {
      regionId: network.regionId,
      prefix: network.prefix,
      reservations: network.reservations ?? DEFAULT_RESERVATIONS,
    },
  }
}

const networkSpec = z.object({
  dnsNameservers: z.array(ipv4).max(8),
  routes: z
    .array(z.object({ prefix: cidr, nexthop: ipv4 }))
    .max(64)
    .optional(),
})

const createBody = envelope(
  networkSpec.extend({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    prefix: cidr,
    reservations: z
      .object({
        prefixLength: z.int().min(0).max(30),
        providerReservedPrefixLength: z.int().min(0).max(30).optional(),
      })
      .optional(),
  }),
)

/**
 * The document's rules for a reservation: it is carved from the start of the network, so it must be smaller than the
 * network (a longer prefix); the provider's part is carved from the start of the reservation, so it is no larger.
 */
function checkReservations(reservations: Reservations, networkPrefixLength: number): void {
  if (reservations.prefixLength <= networkPrefixLength)
    throw invalidRequest('the reservation prefix length must be greater than the network prefix length')
  const provider = reservations.providerReservedPrefixLength
  if (provider !== undefined && provider < reservations.prefixLength)
    throw invalidRequest('the provider reserved prefix length must not be less than the reservation prefix length')
}
const updateBody = envelope(networkSpec)

/** Every route's next hop must be inside the network. */
function checkRoutes(routes: NetworkRecord['routes'], prefix: string): void {
  const network = parseCidr(prefix)
  for (const route of routes) {
    const address = parseIPv4(route.nexthop)
    if (network && address !== null && !cidrContains(network, address))
      throw invalidRequest('the next hop must be an address inside the network prefix')
  }
}

const createNetwork: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  requireRegion(ctx.store, scope.organizationId, spec.regionId)
  const prefixLength = parseCidr(spec.prefix)?.length ?? 0
  if (prefixLength > LARGEST_PREFIX_LENGTH) throw invalidRequest('minimum network prefix size is /24')
  const routes = spec.routes ?? []
  checkRoutes(routes, spec.prefix)
  const reservations = spec.reservations ?? DEFAULT_RESERVATIONS
  checkReservations(reservations, prefixLength)
  allocate(ctx, scope.organizationId, { networks: 1 })
  const network: NetworkRecord = {
    ...newRegional(ctx, metadata, { ...scope, regionId: spec.regionId }),
    prefix: spec.prefix,
    dnsNameservers: spec.dnsNameservers,
    routes,
    reservations,
  }
  ctx.store.networks.set(network)
  return { status: 201, body: networkView(network, ctx.now) }
}

const resource = regionalResource('networks', networkView)

const updateNetwork: Handler = async (ctx) => {
  const network = resource.find(ctx)
  // As on the platform: a network being deleted takes no update (its own console disables Edit then).
  if (network.meta.goneAt !== undefined) throw invalidRequest('network is being deleted')
  const { metadata, spec } = await ctx.body(updateBody)
  const routes = spec.routes ?? []
  checkRoutes(routes, network.prefix)
  const updated: NetworkRecord = {
    ...network,
    meta: updatedMeta(ctx, network.meta, metadata),
    dnsNameservers: spec.dnsNameservers,
    routes,
  }
  ctx.store.networks.set(updated)
  return { status: 202, body: networkView(updated, ctx.now) }
}

/** Networks, on the regional API. */
export const networkRoutes = resource.routes({
  create: createNetwork,
  update: updateNetwork,
})
