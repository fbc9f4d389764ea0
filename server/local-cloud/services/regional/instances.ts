import { randomUUID } from 'node:crypto'
import type { Handler, RequestContext } from '../../platform/context.ts'
import { FLAVORS, IMAGES, REGIONS } from '../../demo/regions.ts'
import { matchesFilters, readListFilters } from '../../platform/filters.ts'
import { ApiError, conflict } from '../../platform/errors.ts'
import { formatIPv4, parseCidr } from '../../platform/ip.ts'
import { isReady, powerState, readMetadata, transition } from '../../platform/lifecycle.ts'
import type { InstanceRecord, NetworkRecord, PowerState } from '../../platform/store/records.ts'
import {
  cidr,
  envelope,
  fieldError,
  optionalArray,
  optionalBoolean,
  optionalString,
  string,
  stringArray,
  writeMetadata,
  type Json,
} from '../../platform/validate.ts'
import { regionIdsOf } from './regions.ts'
import {
  assertUniqueName,
  findOwned,
  live,
  markDeleted,
  newMeta,
  projectScope,
  updatedMeta,
} from '../../platform/scope.ts'

/** 64 KiB of user data once decoded, as cloud-init providers commonly allow. */
const MAX_USER_DATA_BYTES = 64 * 1024

/** The compute instance response: project-scoped metadata without createdBy. */
export function instanceView(instance: InstanceRecord, now: number) {
  const ready = isReady(instance.meta, now)
  return {
    metadata: {
      ...readMetadata(instance.meta, now, { createdBy: false }),
      organizationId: instance.organizationId,
      projectId: instance.projectId,
    },
    spec: {
      flavorId: instance.flavorId,
      imageId: instance.imageId,
      networking: {
        securityGroups: instance.securityGroupIds,
        publicIP: instance.publicIP,
        ...(instance.allowedSourceAddresses ? { allowedSourceAddresses: instance.allowedSourceAddresses } : {}),
      },
      ...(instance.userData !== undefined ? { userData: instance.userData } : {}),
    },
    status: {
      regionId: instance.regionId,
      networkId: instance.networkId,
      powerState: powerState(instance.power, now),
      // Addresses show once the instance is provisioned.
      ...(ready ? { privateIP: instance.privateIP } : {}),
      ...(ready && instance.publicAddress ? { publicIP: instance.publicAddress } : {}),
    },
  }
}

interface InstanceSpec {
  flavorId: string
  imageId: string
  securityGroupIds: string[]
  publicIP: boolean
  allowedSourceAddresses?: string[]
  userData?: string
}

/** Flavor, image and security groups must exist for the instance's network (its region, project and itself). */
function readInstanceSpec(ctx: RequestContext, spec: Json, network: NetworkRecord): InstanceSpec {
  const flavorId = string(spec.flavorId, '/spec/flavorId')
  const imageId = string(spec.imageId, '/spec/imageId')
  const networking = spec.networking === undefined ? {} : spec.networking
  if (typeof networking !== 'object' || networking === null || Array.isArray(networking))
    throw fieldError('/spec/networking', 'value must be an object')
  const net = networking as Json
  const securityGroupIds =
    net.securityGroups === undefined ? [] : stringArray(net.securityGroups, '/spec/networking/securityGroups', 16)
  const publicIP = optionalBoolean(net.publicIP, '/spec/networking/publicIP') ?? false
  const allowedSourceAddresses = optionalArray(
    net.allowedSourceAddresses,
    '/spec/networking/allowedSourceAddresses',
    32,
  )?.map((v, i) => cidr(v, `/spec/networking/allowedSourceAddresses/${i}`))
  const userData = optionalString(spec.userData, '/spec/userData')
  if (userData !== undefined) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(userData) || userData.length % 4 !== 0)
      throw fieldError('/spec/userData', 'must be base64 encoded')
    if ((userData.length / 4) * 3 > MAX_USER_DATA_BYTES)
      throw fieldError('/spec/userData', `must decode to at most ${MAX_USER_DATA_BYTES} bytes`)
  }

  const flavor = FLAVORS.find((f) => f.id === flavorId)
  if (
    !flavor ||
    !flavor.regionIds.includes(network.regionId) ||
    !regionIdsOf(ctx, network.organizationId).includes(network.regionId)
  ) {
    throw fieldError('/spec/flavorId', 'flavor does not exist in the network’s region')
  }
  const image = IMAGES.find((i) => i.id === imageId)
  if (!image || !image.regionIds.includes(network.regionId))
    throw fieldError('/spec/imageId', 'image does not exist in the network’s region')
  if (image.spec.gpu && flavor.spec.gpu && image.spec.gpu.vendor !== flavor.spec.gpu.vendor) {
    throw fieldError(
      '/spec/imageId',
      `the image carries ${image.spec.gpu.vendor} GPU drivers but the flavor has ${flavor.spec.gpu.vendor} GPUs`,
    )
  }
  const seen = new Set<string>()
  securityGroupIds.forEach((id, i) => {
    const group = ctx.store.securityGroups.get(id)
    if (
      !group ||
      group.organizationId !== network.organizationId ||
      group.meta.goneAt !== undefined ||
      group.networkId !== network.meta.id
    ) {
      throw fieldError(
        `/spec/networking/securityGroups/${i}`,
        'security group does not exist on the instance’s network',
      )
    }
    if (seen.has(id))
      throw fieldError(`/spec/networking/securityGroups/${i}`, 'security group is listed more than once')
    seen.add(id)
  })
  return {
    flavorId,
    imageId,
    securityGroupIds,
    publicIP,
    ...(allowedSourceAddresses ? { allowedSourceAddresses } : {}),
    ...(userData !== undefined ? { userData } : {}),
  }
}

/** The lowest free host address from .10 upwards, in the lower half of the network (the top /25 is storage's). */
function allocatePrivateIP(ctx: RequestContext, network: NetworkRecord): string {
  const prefix = parseCidr(network.prefix)
  if (!prefix) throw new Error(`stored network ${network.meta.id} has an unreadable prefix`)
  const taken = new Set(
    [...ctx.store.instances.values()].filter((i) => i.networkId === network.meta.id).map((i) => i.privateIP),
  )
  const end = Math.min(prefix.base + prefix.size - 128, prefix.base + 65536)
  for (let address = prefix.base + 10; address < end; address++) {
    const text = formatIPv4(address)
    if (!taken.has(text)) return text
  }
  throw conflict(`network ${network.meta.name} has no free addresses`)
}

function allocatePublicIP(ctx: RequestContext, regionId: string): string {
  const pool = parseCidr(REGIONS.find((r) => r.id === regionId)?.publicPool ?? '')
  if (!pool) throw new Error(`region ${regionId} has no public address pool`)
  const taken = new Set([...ctx.store.instances.values()].map((i) => i.publicAddress).filter(Boolean))
  for (let address = pool.base + 10; address < pool.base + pool.size - 1; address++) {
    const text = formatIPv4(address)
    if (!taken.has(text)) return text
  }
  throw conflict(`region ${regionId} has no free public addresses`)
}

export const createInstance: Handler = async (ctx) => {
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  const scope = projectScope(ctx, spec)
  const networkId = string(spec.networkId, '/spec/networkId')
  const network = ctx.store.networks.get(networkId)
  if (
    !network ||
    network.organizationId !== scope.organizationId ||
    network.projectId !== scope.projectId ||
    network.meta.goneAt !== undefined
  ) {
    throw fieldError('/spec/networkId', 'network does not exist in the project')
  }
  const input = readInstanceSpec(ctx, spec, network)
  assertUniqueName(
    [...live(ctx.store.instances)].filter((i) => i.projectId === scope.projectId),
    meta.name,
    'instance',
    'project',
  )
  const instance: InstanceRecord = {
    meta: newMeta(ctx, meta, randomUUID()),
    ...scope,
    regionId: network.regionId,
    networkId: network.meta.id,
    ...input,
    privateIP: allocatePrivateIP(ctx, network),
    ...(input.publicIP ? { publicAddress: allocatePublicIP(ctx, network.regionId) } : {}),
    power: transition('Pending', 'Running', ctx.now, ctx.provisionMs),
  }
  ctx.store.instances.set(instance)
  ctx.store.markDirty()
  return { status: 201, body: instanceView(instance, ctx.now) }
}

export const listInstances: Handler = (ctx) => {
  const filters = readListFilters(ctx.query, ['organizationID', 'projectID', 'regionID', 'networkID'])
  const body = []
  for (const instance of ctx.store.instances.values()) {
    if (matchesFilters(instance, filters, ctx.principal)) body.push(instanceView(instance, ctx.now))
  }
  return { status: 200, body }
}

export const getInstance: Handler = (ctx) => {
  const instance = findOwned(ctx.store.instances, ctx.params.instanceID ?? '', ctx.principal, 'instance')
  return { status: 200, body: instanceView(instance, ctx.now) }
}

/**
 * The platform's instanceUpdate: write metadata and the whole instance spec (flavor, image, networking, user data),
 * replacing what was there, so a field left out is cleared. The network stays. A changed flavor resizes and a
 * changed image rebuilds: a running instance passes through Pending again, a stopped one stays stopped.
 */
export const updateInstance: Handler = async (ctx) => {
  const instance = findOwned(ctx.store.instances, ctx.params.instanceID ?? '', ctx.principal, 'instance')
  const { metadata, spec } = envelope(await ctx.body())
  const meta = writeMetadata(metadata)
  if (instance.meta.goneAt !== undefined) throw conflict('the instance is being deleted')
  const network = ctx.store.networks.get(instance.networkId)
  if (!network) throw conflict('the instance’s network no longer exists')
  const input = readInstanceSpec(ctx, spec, network)
  assertUniqueName(
    [...live(ctx.store.instances)].filter((i) => i.projectId === instance.projectId),
    meta.name,
    'instance',
    'project',
    instance.meta.id,
  )
  const rebuilt = input.flavorId !== instance.flavorId || input.imageId !== instance.imageId
  const { allowedSourceAddresses: _a, userData: _u, publicAddress: _p, ...kept } = instance
  const publicAddress = input.publicIP
    ? (instance.publicAddress ?? allocatePublicIP(ctx, instance.regionId))
    : undefined
  const stopped = powerState(instance.power, ctx.now) === 'Stopped'
  const updated: InstanceRecord = {
    ...kept,
    ...input,
    ...(publicAddress ? { publicAddress } : {}),
    meta: updatedMeta(ctx, instance.meta, meta),
    power: rebuilt && !stopped ? transition('Pending', 'Running', ctx.now, ctx.provisionMs) : instance.power,
  }
  ctx.store.instances.set(updated)
  ctx.store.markDirty()
  return { status: 202, body: instanceView(updated, ctx.now) }
}

export const deleteInstance: Handler = (ctx) => {
  const instance = findOwned(ctx.store.instances, ctx.params.instanceID ?? '', ctx.principal, 'instance')
  markDeleted(ctx, ctx.store.instances, instance)
  return { status: 202 }
}

/** Which power action each state allows, and the transient state it passes through. */
const POWER_ACTIONS: Record<
  'start' | 'stop' | 'reboot',
  { from: PowerState; via: PowerState; to: PowerState; reason: string }
> = {
  start: { from: 'Stopped', via: 'Pending', to: 'Running', reason: 'only a Stopped instance can be started' },
  stop: { from: 'Running', via: 'Stopping', to: 'Stopped', reason: 'only a Running instance can be stopped' },
  reboot: { from: 'Running', via: 'Pending', to: 'Running', reason: 'only a Running instance can be rebooted' },
}

/** What Go's strconv.ParseBool accepts, as the platform reads a boolean query parameter. */
const QUERY_BOOLEANS: Record<string, boolean> = {
  1: true,
  t: true,
  T: true,
  true: true,
  TRUE: true,
  True: true,
  0: false,
  f: false,
  F: false,
  false: false,
  FALSE: false,
  False: false,
}

/** Reboot's `hard` query parameter, when given, must be a boolean; absent means a soft (ACPI) reboot. */
function checkHardParameter(query: URLSearchParams): void {
  const raw = query.get('hard')
  if (raw !== null && QUERY_BOOLEANS[raw] === undefined)
    throw new ApiError('invalid_request', 'parameter "hard" in query has an error: value must be a boolean')
}

function powerAction(action: keyof typeof POWER_ACTIONS): Handler {
  return (ctx) => {
    // Validated before the instance is looked up, as the platform's request validator does. Soft and hard reboots
    // both pass through Pending here: the local cloud runs no guest for an ACPI signal to be ignored by.
    if (action === 'reboot') checkHardParameter(ctx.query)
    const instance = findOwned(ctx.store.instances, ctx.params.instanceID ?? '', ctx.principal, 'instance')
    const rule = POWER_ACTIONS[action]
    if (instance.meta.goneAt !== undefined) throw conflict('the instance is being deleted')
    if (instance.meta.failed) throw conflict('the instance failed to provision; delete it and create it again')
    const current = powerState(instance.power, ctx.now)
    if (current !== rule.from) throw conflict(`the instance is ${current}; ${rule.reason}`)
    instance.power = transition(rule.via, rule.to, ctx.now, ctx.provisionMs)
    ctx.store.markDirty()
    return { status: 202 }
  }
}

export const startInstance = powerAction('start')
export const stopInstance = powerAction('stop')
export const rebootInstance = powerAction('reboot')
