import * as z from 'zod'
import { FLAVORS } from '../../catalog/regions.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, invalidRequest } from '../../platform/errors.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import {
  firstBoot,
  isReady,
  isReconciled,
  powerChangesAt,
  powerState,
  readMetadata,
  statusChangesAt,
  transition,
  updatedMeta,
} from '../../platform/lifecycle.ts'
import { projectScope } from '../../platform/scope.ts'
import type { PowerRecord, PowerState, ResourceMeta } from '../../platform/store/records.ts'
import type { NetworkRecord } from './networks.ts'
import { cidr, envelope, idList } from '../../platform/validate.ts'
import { regionIdsOf } from './regions.ts'
import { bootableImage } from './images.ts'
import { newSshKeyPair, type SshKeyPair } from './ssh-key.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { allocateHostAddress, allocatePublicAddress } from './addresses.ts'
import { allocate, gpuCount } from '../identity/allocations.ts'

export interface InstanceRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  networkId: string
  flavorId: string
  imageId: string
  securityGroupIds: string[]
  publicIP: boolean
  allowedSourceAddresses?: string[]
  userData?: string
  privateIP: string
  publicAddress?: string
  /** The SSH certificate authority the instance trusts, fixed at create; such an instance has no key pair. */
  sshCertificateAuthorityId?: string
  power: PowerRecord
  /** The key pair the platform generates for the instance; records written before keys existed get one when read. */
  sshKey?: SshKeyPair
  /**
   * The demo data's instances carry the 32-byte seed of their key (hex) instead: the same key on every build, derived
   * when it is asked for, not at seeding, which every first start waits for (ssh-key.ts).
   */
  sshKeySeed?: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    instances: InstanceRecord
  }
}
registerTable('instances', {
  projectId: (instance) => [instance.projectId],
  networkId: (instance) => [instance.networkId],
  securityGroupId: (instance) => instance.securityGroupIds,
})

/** 64 KiB of user data once decoded, as cloud-init providers commonly allow. */
const MAX_USER_DATA_BYTES = 64 * 1024

/** The compute instance response: project-scoped metadata without createdBy. */
function instanceView(instance: InstanceRecord, now: number) {
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
      // The compute document types both lists as arrays, optional: an empty one is left out, never null.
      networking: {
        ...(instance.securityGroupIds.length ? { securityGroups: instance.securityGroupIds } : {}),
        publicIP: instance.publicIP,
        ...(instance.allowedSourceAddresses?.length ? { allowedSourceAddresses: instance.allowedSourceAddresses } : {}),
      },
      ...(instance.userData !== undefined ? { userData: instance.userData } : {}),
      ...(instance.sshCertificateAuthorityId !== undefined
        ? { sshCertificateAuthorityId: instance.sshCertificateAuthorityId }
        : {}),
    },
    status: {
      regionId: instance.regionId,
      networkId: instance.networkId,
      // A new instance has no power state until the platform first reconciles it.
      ...(isReconciled(instance.meta, now) ? { powerState: powerState(instance.power, now) } : {}),
      // Addresses show once the instance is provisioned.
      ...(ready ? { privateIP: instance.privateIP } : {}),
      ...(ready && instance.publicAddress ? { publicIP: instance.publicAddress } : {}),
    },
  }
}

const networking = z.object({
  securityGroups: idList(16, 'security group is listed more than once').optional(),
  publicIP: z.boolean().optional(),
  allowedSourceAddresses: z.array(cidr).max(32).optional(),
})

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The platform's instance spec, replaced whole by an update; the network is fixed at create. */
const instanceSpec = z.object({
  flavorId: z.string(),
  imageId: z.string(),
  networking: networking.optional(),
  sshCertificateAuthorityId: z.uuid().optional(),
  userData: z
    .string()
    .refine((text) => BASE64.test(text) && text.length % 4 === 0, { error: 'must be base64 encoded', abort: true })
    .refine((text) => (text.length / 4) * 3 <= MAX_USER_DATA_BYTES, {
      error: `must decode to at most ${MAX_USER_DATA_BYTES} bytes`,
    })
    .optional(),
})

const createBody = envelope(
  instanceSpec.extend({ organizationId: z.string(), projectId: z.string(), networkId: z.string() }),
)
const updateBody = envelope(instanceSpec)

type InstanceSpec = Pick<
  InstanceRecord,
  'flavorId' | 'imageId' | 'securityGroupIds' | 'publicIP' | 'allowedSourceAddresses' | 'userData'
>

/** Flavor, image and security groups must exist for the instance's network (its region, project and itself). */
function toInstanceSpec(
  ctx: RequestContext,
  spec: z.output<typeof instanceSpec>,
  network: NetworkRecord,
): InstanceSpec {
  const { flavorId, imageId, userData } = spec
  const securityGroupIds = spec.networking?.securityGroups ?? []
  const allowedSourceAddresses = spec.networking?.allowedSourceAddresses
  const flavor = FLAVORS.find((f) => f.id === flavorId)
  if (
    !flavor ||
    !flavor.regionIds.includes(network.regionId) ||
    !regionIdsOf(ctx, network.organizationId).includes(network.regionId)
  ) {
    throw invalidRequest('flavor does not exist in the network’s region')
  }
  // pinnedOnly: "a server using this flavor must specify an infrastructureRef", which an instance's spec has not.
  if (flavor.spec.pinnedOnly) {
    throw new CloudError(
      'unprocessable_content',
      'the flavor is pinned only: a server using it must name its target host (infrastructureRef), which an instance cannot',
    )
  }
  const image = bootableImage(ctx, network.organizationId, network.regionId, imageId)
  if (!image) throw invalidRequest('image does not exist in the network’s region')
  if (image.spec.gpu && flavor.spec.gpu && image.spec.gpu.vendor !== flavor.spec.gpu.vendor) {
    throw invalidRequest(
      `the image carries ${image.spec.gpu.vendor} GPU drivers but the flavor has ${flavor.spec.gpu.vendor} GPUs`,
    )
  }
  for (const id of securityGroupIds) {
    const group = ctx.store.securityGroups.get(id)
    if (
      !group ||
      group.organizationId !== network.organizationId ||
      group.meta.goneAt !== undefined ||
      group.networkId !== network.meta.id
    ) {
      throw invalidRequest('security group does not exist on the instance’s network')
    }
  }
  return {
    flavorId,
    imageId,
    securityGroupIds,
    publicIP: spec.networking?.publicIP ?? false,
    ...(allowedSourceAddresses ? { allowedSourceAddresses } : {}),
    ...(userData !== undefined ? { userData } : {}),
  }
}

const createInstance: Handler = async (ctx) => {
  const { metadata: meta, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  const network = ctx.store.networks.get(spec.networkId)
  if (
    !network ||
    network.organizationId !== scope.organizationId ||
    network.projectId !== scope.projectId ||
    network.meta.goneAt !== undefined
  ) {
    throw invalidRequest('network does not exist in the project')
  }
  // An instance trusts a CA of its own project (region v1.20.0: "project scoped" CAs).
  if (spec.sshCertificateAuthorityId !== undefined) {
    const ca = ctx.store.sshCertificateAuthorities.get(spec.sshCertificateAuthorityId)
    if (!ca || ca.projectId !== scope.projectId || ca.meta.goneAt !== undefined)
      throw invalidRequest('SSH certificate authority does not exist in the project')
  }
  const input = toInstanceSpec(ctx, spec, network)
  allocate(ctx, scope.organizationId, { servers: 1, gpus: gpuCount(input.flavorId) })
  const placed = newRegional(ctx, meta, { ...scope, regionId: network.regionId })
  const boot = firstBoot(ctx.now, ctx.provisionMs)
  const instance: InstanceRecord = {
    ...placed,
    meta: { ...placed.meta, readyAt: boot.provisionedAt },
    networkId: network.meta.id,
    ...input,
    privateIP: allocateHostAddress(ctx, network),
    ...(input.publicIP ? { publicAddress: allocatePublicAddress(ctx, network.regionId) } : {}),
    power: boot.power,
    // Login trust comes from the CA's certificates then, and the platform makes no key pair.
    ...(spec.sshCertificateAuthorityId !== undefined
      ? { sshCertificateAuthorityId: spec.sshCertificateAuthorityId }
      : { sshKey: newSshKeyPair(meta.name) }),
  }
  ctx.store.instances.set(instance)
  return { status: 201, body: instanceView(instance, ctx.now) }
}

/** Until the instance's status or its power state changes by itself. */
function changesAt(instance: InstanceRecord, now: number): number {
  return Math.min(statusChangesAt(instance.meta, now), powerChangesAt(instance.power, now))
}

const resource = regionalResource('instances', instanceView, {
  byNetwork: true,
  changesAt,
  // The compute service fails the lookup of a foreign organization's instances rather than answering null.
  foreignOrganization: 'server_error',
})

/** The instance in the path, within the caller's organization (404 otherwise). */
export const findInstance = (ctx: RequestContext): InstanceRecord => resource.find(ctx)
/** What an action on one instance needs, checked in the instance's own project. */
export const instanceNeeds = (op: 'read' | 'update') => resource.needs(op)

/**
 * The platform's instanceUpdate: write metadata and the whole instance spec (flavor, image, networking, user data),
 * replacing what was there, so a field left out is cleared. The network and the name stay. A changed flavor resizes
 * (a running instance passes through Pending again) and a changed image reimages it in place (Rebuilding, as the
 * region document says); a stopped one stays stopped.
 */
const updateInstance: Handler = async (ctx) => {
  const instance = resource.find(ctx)
  const { metadata: meta, spec } = await ctx.body(updateBody)
  // "Instance names are immutable; rename attempts are rejected with HTTP 422" (compute v1.17.0).
  if (meta.name !== instance.meta.name) {
    throw new CloudError('unprocessable_content', 'instance names are immutable; the name cannot change')
  }
  // Chosen at create and fixed: the whole-spec update must carry it unchanged, as it must the name.
  if (spec.sshCertificateAuthorityId !== instance.sshCertificateAuthorityId) {
    throw new CloudError(
      'unprocessable_content',
      'sshCertificateAuthorityId is fixed when the instance is created and cannot change',
    )
  }
  // The compute document lists 400 among an update's refusals, and no 409.
  if (instance.meta.goneAt !== undefined) throw invalidRequest('the instance is being deleted')
  const network = ctx.store.networks.get(instance.networkId)
  if (!network) throw invalidRequest('the instance’s network no longer exists')
  const input = toInstanceSpec(ctx, spec, network)
  allocate(ctx, instance.organizationId, { servers: 1, gpus: gpuCount(input.flavorId) }, instance.meta.id)
  const reimaged = input.imageId !== instance.imageId
  const rebuilt = reimaged || input.flavorId !== instance.flavorId
  const { allowedSourceAddresses: _a, userData: _u, publicAddress: _p, ...kept } = instance
  const publicAddress = input.publicIP
    ? (instance.publicAddress ?? allocatePublicAddress(ctx, instance.regionId))
    : undefined
  const stopped = powerState(instance.power, ctx.now) === 'Stopped'
  const updated: InstanceRecord = {
    ...kept,
    ...input,
    ...(publicAddress ? { publicAddress } : {}),
    meta: updatedMeta(ctx, instance.meta, meta),
    power:
      rebuilt && !stopped
        ? transition(reimaged ? 'Rebuilding' : 'Pending', 'Running', ctx.now, ctx.provisionMs)
        : instance.power,
  }
  ctx.store.instances.set(updated)
  return { status: 202, body: instanceView(updated, ctx.now) }
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

/**
 * What Go's strconv.ParseBool accepts, as the platform reads a boolean query parameter. A Set, so only these
 * spellings count (a lookup on a plain object also finds "constructor" and the other inherited names).
 */
const QUERY_BOOLEANS = new Set(['1', 't', 'T', 'true', 'TRUE', 'True', '0', 'f', 'F', 'false', 'FALSE', 'False'])

/** Reboot's `hard` query parameter, when given, must be a boolean; absent means a soft (ACPI) reboot. */
function checkHardParameter(query: URLSearchParams): void {
  const raw = query.get('hard')
  if (raw !== null && !QUERY_BOOLEANS.has(raw))
    throw new CloudError('invalid_request', 'parameter "hard" in query has an error: value must be a boolean')
}

const powerFailed = (action: string, why: string) =>
  new CloudError('server_error', `failed to ${action} instance: ${why}`)

function powerAction(action: keyof typeof POWER_ACTIONS): Handler {
  return (ctx) => {
    // Validated before the instance is looked up, as the platform's request validator does. Soft and hard reboots
    // both pass through Pending here: the local cloud runs no guest for an ACPI signal to be ignored by.
    if (action === 'reboot') checkHardParameter(ctx.query)
    const instance = resource.find(ctx)
    const rule = POWER_ACTIONS[action]
    // The platform has no state check of its own here: the action fails in the compute backend, and it answers 500.
    if (instance.meta.goneAt !== undefined) throw powerFailed(action, 'the instance is being deleted')
    if (instance.meta.failed) throw powerFailed(action, 'the instance failed to provision')
    const current = powerState(instance.power, ctx.now)
    if (current !== rule.from) throw powerFailed(action, `the instance is ${current}; ${rule.reason}`)
    ctx.store.instances.set({ ...instance, power: transition(rule.via, rule.to, ctx.now, ctx.provisionMs) })
    return { status: 202 }
  }
}

const startInstance = powerAction('start')
const stopInstance = powerAction('stop')
const rebootInstance = powerAction('reboot')

/** A power action changes the instance. */
const POWER = instanceNeeds('update')

/** Instances, on the regional API and the compute API alike. */
export const instanceRoutes = [
  ...resource.routes({ create: createInstance, update: updateInstance }),
  route('POST', '/api/v2/instances/:instanceID/start', POWER, startInstance),
  route('POST', '/api/v2/instances/:instanceID/stop', POWER, stopInstance),
  route('POST', '/api/v2/instances/:instanceID/reboot', POWER, rebootInstance),
]
