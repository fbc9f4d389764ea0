import * as z from 'zod'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { CloudError, conflict, notFound } from '../../platform/errors.ts'
import { cidrContains, parseCidr, parseIPv4 } from '../../platform/ip.ts'
import { isReconciled, readMetadata, statusChangesAt, updatedMeta } from '../../platform/lifecycle.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope, ipv4 } from '../../platform/validate.ts'
import { allocateHostAddress, allocatePublicAddress, hostAddressesTaken } from './addresses.ts'
import type { NetworkRecord } from './networks.ts'

// Layer 4 load balancers (region v1.20.0 /api/v2/loadbalancers): created on a network, with a virtual IP in its CIDR
// and optionally a public IP; listeners, each a protocol and port with a pool of members. An update carries only the
// public IP switch and the listeners: the network and the VIP are fixed at create.

/** The listener name rule (loadBalancerListenerNameV2). */
const LISTENER_NAME = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
/** The allowed CIDR rule, the document's own pattern: an IPv4 prefix, host bits allowed. */
const ALLOWED_CIDR =
  /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])\/(?:3[0-2]|[1-2]?[0-9])$/
/** "Defaults to 60 for TCP listeners and is unsupported for UDP listeners." */
const TCP_IDLE_TIMEOUT_DEFAULT = 60

const port = z.int().min(1).max(65535)
const seconds = z.int().min(1).max(300).optional()
const threshold = z.int().min(1).max(10).optional()

const listenerSchema = z.object({
  name: z
    .string()
    .max(63)
    .regex(LISTENER_NAME, { error: 'must start with a lower-case letter and otherwise be a valid DNS label' }),
  protocol: z.enum(['tcp', 'udp']),
  port,
  allowedCidrs: z
    .array(z.string().regex(ALLOWED_CIDR, { error: 'must be an IPv4 prefix in CIDR notation' }))
    .optional(),
  idleTimeoutSeconds: z.int().min(1).max(86400).optional(),
  pool: z.object({
    proxyProtocolV2: z.boolean().optional(),
    members: z.array(z.object({ address: ipv4, port })),
    healthCheck: z
      .object({
        intervalSeconds: seconds,
        timeoutSeconds: seconds,
        healthyThreshold: threshold,
        unhealthyThreshold: threshold,
      })
      .optional(),
  }),
})

type Listener = z.output<typeof listenerSchema>

const specSchema = z.object({ publicIP: z.boolean().optional(), listeners: z.array(listenerSchema).min(1) })
const createBody = envelope(specSchema.extend({ networkId: z.string(), vipAddress: ipv4.optional() }))
const updateBody = envelope(specSchema)

export interface LoadBalancerRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  /** Chosen at create, or handed out from the network's hosts; reported once the balancer is first reconciled. */
  vipAddress: string
  publicIP: boolean
  publicAddress?: string
  /** When the public address is reported: once provisioned after the write that asked for it. */
  publicAddressAt?: number
  listeners: Listener[]
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    loadBalancers: LoadBalancerRecord
  }
}
registerTable('loadBalancers', {
  projectId: (balancer) => [balancer.projectId],
  networkId: (balancer) => [balancer.networkId],
})

function view(balancer: LoadBalancerRecord, now: number) {
  const publicShown = balancer.publicAddress !== undefined && now >= (balancer.publicAddressAt ?? 0)
  return {
    metadata: {
      ...readMetadata(balancer.meta, now, { createdBy: true }),
      organizationId: balancer.organizationId,
      projectId: balancer.projectId,
    },
    spec: { publicIP: balancer.publicIP, listeners: balancer.listeners },
    status: {
      regionId: balancer.regionId,
      networkId: balancer.networkId,
      ...(isReconciled(balancer.meta, now) ? { vipAddress: balancer.vipAddress } : {}),
      ...(publicShown ? { publicIP: balancer.publicAddress } : {}),
    },
  }
}

/** Until its status changes by itself, or its public address is reported. */
function changesAt(balancer: LoadBalancerRecord, now: number): number {
  const at = statusChangesAt(balancer.meta, now)
  const publicAt = balancer.publicAddressAt ?? 0
  return publicAt > now ? Math.min(at, publicAt) : at
}

const unprocessable = (path: string, message: string) => new CloudError('unprocessable_content', `${path}: ${message}`)

/**
 * What the schema cannot say: a listener's name is its identity within the balancer, and one protocol and port is
 * bound once; a UDP listener takes no idle timeout. Answered 422, naming the field and never the value.
 */
function checkListeners(listeners: Listener[]): Listener[] {
  const names = new Set<string>()
  const bound = new Set<string>()
  return listeners.map((listener, index) => {
    const at = `/spec/listeners/${index}`
    if (names.has(listener.name)) throw unprocessable(`${at}/name`, 'listener names must be unique')
    names.add(listener.name)
    const binding = `${listener.protocol}/${listener.port}`
    if (bound.has(binding)) throw unprocessable(`${at}/port`, 'another listener already uses this protocol and port')
    bound.add(binding)
    if (listener.protocol === 'udp') {
      if (listener.idleTimeoutSeconds !== undefined)
        throw unprocessable(`${at}/idleTimeoutSeconds`, 'an idle timeout is unsupported for UDP listeners')
      return listener
    }
    return { ...listener, idleTimeoutSeconds: listener.idleTimeoutSeconds ?? TCP_IDLE_TIMEOUT_DEFAULT }
  })
}

/** The network the create names, live and in the caller's organization; any other is not found (404). */
function networkOf(ctx: RequestContext, networkId: string): NetworkRecord {
  const network = ctx.store.networks.get(networkId)
  if (!network || network.organizationId !== ctx.principal.organizationId || network.meta.goneAt !== undefined)
    throw notFound('network not found')
  return network
}

/** "When provided, it must fall within the selected network CIDR": a host address there, not one already held. */
function requestedVip(ctx: RequestContext, network: NetworkRecord, vip: string): string {
  const prefix = parseCidr(network.prefix)
  const address = parseIPv4(vip)
  if (!prefix || address === null || !cidrContains(prefix, address))
    throw unprocessable('/spec/vipAddress', 'the virtual IP address must fall within the network CIDR')
  if (address === prefix.base || address === prefix.base + prefix.size - 1)
    throw unprocessable('/spec/vipAddress', 'the network and broadcast addresses cannot be a virtual IP address')
  if (hostAddressesTaken(ctx.store, network.meta.id).has(vip))
    throw unprocessable('/spec/vipAddress', 'the address is already in use on the network')
  return vip
}

const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const listeners = checkListeners(spec.listeners)
  const network = networkOf(ctx, spec.networkId)
  const vipAddress =
    spec.vipAddress === undefined ? allocateHostAddress(ctx, network) : requestedVip(ctx, network, spec.vipAddress)
  const { organizationId, projectId, regionId } = network
  const placed = newRegional(ctx, metadata, { organizationId, projectId, regionId })
  const publicIP = spec.publicIP ?? false
  const balancer: LoadBalancerRecord = {
    ...placed,
    networkId: network.meta.id,
    vipAddress,
    publicIP,
    ...(publicIP ? { publicAddress: allocatePublicAddress(ctx, regionId), publicAddressAt: placed.meta.readyAt } : {}),
    listeners,
  }
  ctx.store.loadBalancers.set(balancer)
  return { status: 201, body: view(balancer, ctx.now) }
}

const resource = regionalResource('loadBalancers', view, { byNetwork: true, changesAt })

/** The public IP switch and the listeners, replaced whole; the network and the VIP stay as created. */
const update: Handler = async (ctx) => {
  const balancer = resource.find(ctx)
  const { metadata, spec } = await ctx.body(updateBody)
  // The document lists 409 among an update's refusals: a balancer being deleted is in no state to take one.
  if (balancer.meta.goneAt !== undefined) throw conflict('the load balancer is being deleted')
  const listeners = checkListeners(spec.listeners)
  const meta = updatedMeta(ctx, balancer.meta, metadata)
  const publicIP = spec.publicIP ?? false
  const { publicAddress: _address, publicAddressAt: _at, ...kept } = balancer
  const keeps = publicIP && balancer.publicAddress !== undefined
  const updated: LoadBalancerRecord = {
    ...kept,
    meta,
    publicIP,
    ...(keeps ? { publicAddress: balancer.publicAddress, publicAddressAt: balancer.publicAddressAt } : {}),
    ...(publicIP && !keeps
      ? { publicAddress: allocatePublicAddress(ctx, balancer.regionId), publicAddressAt: meta.readyAt }
      : {}),
    listeners,
  }
  ctx.store.loadBalancers.set(updated)
  return { status: 202, body: view(updated, ctx.now) }
}

/** Load balancers, on the regional API: list, create, read, update and delete. */
export const loadBalancerRoutes = resource.routes({ create, update })
