import { randomUUID } from 'node:crypto'
import type { Handler } from '../../platform/context.ts'
import { readListFilters, matchesFilters } from '../../platform/filters.ts'
import { forbidden } from '../../platform/errors.ts'
import { cidrContains, parseCidr, parseIPv4 } from '../../platform/ip.ts'
import { JsonCache, ListCache, statusChangesAt } from '../../platform/list-cache.ts'
import { readMetadata } from '../../platform/lifecycle.ts'
import type { NetworkRecord, Route } from '../../platform/store/records.ts'
import type { Store } from '../../platform/store/store.ts'
import {
  array,
  cidr,
  envelope,
  fieldError,
  ipv4,
  object,
  optionalArray,
  string,
  writeMetadata,
  type Json,
} from '../../platform/validate.ts'
import {
  assertUniqueName,
  describeUsers,
  findOwned,
  live,
  markDeleted,
  newMeta,
  projectScope,
  requireRegion,
  updatedMeta,
} from '../../platform/scope.ts'

/** The platform needs at least a /24: the top /25 of every network is reserved for storage integration. */
const LARGEST_PREFIX_LENGTH = 24

/** Per store: two local clouds in one process must not share list responses. */
const responseCaches = new WeakMap<Store, ListCache>()
const itemCache = new JsonCache<NetworkRecord>(
  (network, now) => networkView(network, now),
  (network) => [network.meta],
  (network, now) => statusChangesAt(network.meta, now),
)

export function networkView(network: NetworkRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(network.meta, now, { createdBy: true }),
      organizationId: network.organizationId,
      projectId: network.projectId,
    },
    spec: { dnsNameservers: network.dnsNameservers, routes: network.routes },
    status: { regionId: network.regionId, prefix: network.prefix },
  }
}

function readPrefix(value: unknown): string {
  const prefix = cidr(value, '/spec/prefix')
  if ((parseCidr(prefix)?.length ?? 0) > LARGEST_PREFIX_LENGTH)
    throw fieldError('/spec/prefix', 'minimum network prefix size is /24')
  return prefix
}

function readNetworkSpec(spec: Json, prefix: string): { dnsNameservers: string[]; routes: Route[] } {
  const dnsNameservers = array(spec.dnsNameservers, '/spec/dnsNameservers', 8).map((item, i) =>
    ipv4(item, `/spec/dnsNameservers/${i}`),
  )
  const network = parseCidr(prefix)
  const routes = (optionalArray(spec.routes, '/spec/routes', 64) ?? []).map((item, i) => {
    const route = object(item, `/spec/routes/${i}`)
    const destination = cidr(route.prefix, `/spec/routes/${i}/prefix`)
    const nexthop = ipv4(route.nexthop, `/spec/routes/${i}/nexthop`)
    const address = parseIPv4(nexthop)
    if (network && address !== null && !cidrContains(network, address)) {
      throw fieldError(`/spec/routes/${i}/nexthop`, 'the next hop must be an address inside the network prefix')
    }
    return { prefix: destination, nexthop }
  })
  return { dnsNameservers, routes }
}

export const createNetwork: Handler = async (ctx) => {
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const scope = projectScope(ctx, spec)
  const regionId = string(spec.regionId, '/spec/regionId')
  requireRegion(ctx.store, scope.organizationId, regionId, '/spec/regionId')
  const prefix = readPrefix(spec.prefix)
  const { dnsNameservers, routes } = readNetworkSpec(spec, prefix)
  assertUniqueName(inProject(ctx.store.networks.values(), scope.projectId), meta.name, 'network', 'project')
  const network: NetworkRecord = {
    meta: newMeta(ctx, meta, randomUUID()),
    ...scope,
    regionId,
    prefix,
    dnsNameservers,
    routes,
  }
  ctx.store.networks.set(network)
  ctx.store.markDirty()
  return { status: 201, body: networkView(network, ctx.now) }
}

export const listNetworks: Handler = (ctx) => {
  const filters = readListFilters(ctx.query, ['organizationID', 'projectID', 'regionID'])
  const key = `${ctx.principal.organizationId}?${ctx.query.toString()}`
  let responseCache = responseCaches.get(ctx.store)
  if (!responseCache) responseCaches.set(ctx.store, (responseCache = new ListCache()))
  const cached = responseCache.get(key, ctx.store.version, ctx.now)
  if (cached) return { status: 200, json: cached }
  const items: string[] = []
  let validUntil = Number.POSITIVE_INFINITY
  for (const network of ctx.store.networks.values()) {
    if (!matchesFilters(network, filters, ctx.principal)) continue
    items.push(itemCache.get(network, ctx.now))
    validUntil = Math.min(validUntil, statusChangesAt(network.meta, ctx.now))
  }
  const json = Buffer.from(`[${items.join(',')}]`)
  responseCache.set(key, ctx.store.version, validUntil, json)
  return { status: 200, json }
}

export const getNetwork: Handler = (ctx) => {
  const network = findOwned(ctx.store.networks, ctx.params.networkID ?? '', ctx.principal, 'network')
  return { status: 200, body: networkView(network, ctx.now) }
}

export const updateNetwork: Handler = async (ctx) => {
  const network = findOwned(ctx.store.networks, ctx.params.networkID ?? '', ctx.principal, 'network')
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const { dnsNameservers, routes } = readNetworkSpec(spec, network.prefix)
  assertUniqueName(
    inProject(ctx.store.networks.values(), network.projectId),
    meta.name,
    'network',
    'project',
    network.meta.id,
  )
  const updated: NetworkRecord = { ...network, meta: updatedMeta(ctx, network.meta, meta), dnsNameservers, routes }
  ctx.store.networks.set(updated)
  ctx.store.markDirty()
  return { status: 202, body: networkView(updated, ctx.now) }
}

export const deleteNetwork: Handler = (ctx) => {
  const network = findOwned(ctx.store.networks, ctx.params.networkID ?? '', ctx.principal, 'network')
  const id = network.meta.id
  const users = describeUsers([
    { kind: 'instances', items: [...live(ctx.store.instances)].filter((i) => i.networkId === id) },
    { kind: 'security groups', items: [...live(ctx.store.securityGroups)].filter((g) => g.networkId === id) },
    {
      kind: 'file storage',
      items: [...live(ctx.store.fileStorage)].filter((f) => f.attachments.some((a) => a.networkId === id)),
    },
  ])
  if (users) throw forbidden(`network ${network.meta.name} is in use and cannot be deleted: used by ${users}`)
  markDeleted(ctx, ctx.store.networks, network)
  return { status: 202 }
}

function* inProject<T extends { projectId: string }>(items: Iterable<T>, projectId: string): Generator<T> {
  for (const item of items) if (item.projectId === projectId) yield item
}
