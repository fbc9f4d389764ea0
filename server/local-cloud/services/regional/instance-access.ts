import { randomBytes } from 'node:crypto'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, invalidRequest, notFound } from '../../platform/errors.ts'
import { powerState } from '../../platform/lifecycle.ts'
import type { Store } from '../../platform/store/store.ts'
import { FLAVORS, IMAGES } from '../../catalog/regions.ts'
import { bootLog, lastLines, type BootFacts } from './boot-log.ts'
import { newSnapshot, snapshotBody, organizationImageView } from './images.ts'
import { findInstance, instanceNeeds, type InstanceRecord } from './instances.ts'
import { fingerprintOf, newSshKeyPair } from './ssh-key.ts'

/**
 * What an instance offers besides its lifecycle (the compute API's sshkey, consoleoutput, consolesession and
 * snapshot): the key to log in with, the boot log, a console, and an image of its disk.
 */

/** A demo instance's key, from its seed: the same on every read, so there is nothing to keep. */
const seededKey = (instance: InstanceRecord) =>
  instance.sshKeySeed === undefined
    ? undefined
    : newSshKeyPair(instance.meta.name, Buffer.from(instance.sshKeySeed, 'hex'))

/** The instance's key pair; an instance stored before keys existed gets one now, kept from then on. */
function keyOf(ctx: RequestContext, instance: InstanceRecord) {
  const known = instance.sshKey ?? seededKey(instance)
  if (known) return known
  const sshKey = newSshKeyPair(instance.meta.name)
  ctx.store.instances.set({ ...instance, sshKey })
  return sshKey
}

const getSshKey: Handler = (ctx) => {
  const instance = findInstance(ctx)
  if (instance.sshCertificateAuthorityId !== undefined)
    throw notFound('the instance has no SSH key: it trusts an SSH certificate authority')
  return { status: 200, body: { privateKey: keyOf(ctx, instance).privateKey } }
}

/** Each distribution's cloud images name their default user after themselves. */
const defaultUser = (distro: string) => distro

function imageOf(store: Store, imageId: string) {
  const catalog = IMAGES.find((i) => i.id === imageId)
  if (catalog) return catalog
  const snapshot = store.images.get(imageId)
  // An instance outlives the snapshot it booted from; its disk still holds the image's system.
  return snapshot ? { name: snapshot.meta.name, spec: snapshot.spec } : IMAGES[0]!
}

/** What the boot log is written from. */
function factsOf(store: Store, instance: InstanceRecord, bootedAt: number): BootFacts {
  const image = imageOf(store, instance.imageId)
  const flavor = FLAVORS.find((f) => f.id === instance.flavorId)
  const key = instance.sshKey ?? seededKey(instance)
  return {
    hostname: instance.meta.name,
    image,
    cpus: flavor?.spec.cpus ?? 2,
    memoryGiB: flavor?.spec.memory ?? 4,
    privateIP: instance.privateIP,
    user: defaultUser(image.spec.os.distro),
    keyFingerprint: key ? fingerprintOf(key.publicKey) : 'SHA256:-',
    ...(instance.userData !== undefined ? { userData: instance.userData } : {}),
    failed: instance.meta.failed === true,
    bootedAt,
  }
}

/**
 * The boot log as of `now`. The latest boot began when the instance last passed into Pending (its creation, a
 * start, a reboot or a rebuild) and lasts the provisioning delay.
 */
export function consoleLog(store: Store, instance: InstanceRecord, now: number, provisionMs: number): string {
  const { power } = instance
  const booting = power.settlesTo === 'Running' && power.settlesAt !== undefined
  const started = booting ? power.settlesAt! - provisionMs : Date.parse(instance.meta.creationTime)
  return bootLog(factsOf(store, instance, started), now - started, provisionMs)
}

/** `length`: how many of the last lines to answer, a whole number; absent answers the whole log. */
function lengthOf(query: URLSearchParams): number | undefined {
  const raw = query.get('length')
  if (raw === null) return undefined
  if (!/^-?\d+$/.test(raw))
    throw new CloudError('invalid_request', 'parameter "length" in query has an error: value must be an integer')
  const length = Number(raw)
  // -1 asks for everything, as the compute host's own API reads it.
  return length < 0 ? undefined : length
}

const getConsoleOutput: Handler = (ctx) => {
  const length = lengthOf(ctx.query)
  const instance = findInstance(ctx)
  const log = consoleLog(ctx.store, instance, ctx.now, ctx.provisionMs)
  return { status: 200, body: { contents: length === undefined ? log : lastLines(log, length) } }
}

/** Console sessions handed out: a token names an instance for a while, as a VNC proxy's token does. */
const SESSION_MS = 10 * 60_000
const sessions = new Map<string, { instanceId: string; expiresAt: number }>()

/** The instance a console session's token opens, while the token is good. */
export function sessionInstance(token: string, now: number): string | undefined {
  for (const [key, session] of sessions) if (session.expiresAt <= now) sessions.delete(key)
  return sessions.get(token)?.instanceId
}

/** Where the compute service is reached, as the request that asked came in. */
const serviceBase = (ctx: RequestContext) => ctx.url.replace(/\/api\/v2\/instances\/.*$/, '')

const getConsoleSession: Handler = (ctx) => {
  const instance = findInstance(ctx)
  if (instance.meta.goneAt !== undefined) throw invalidRequest('the instance is being deleted')
  const state = powerState(instance.power, ctx.now)
  if (state !== 'Running') throw invalidRequest(`the instance is ${state}; a console needs a Running instance`)
  const token = randomBytes(24).toString('base64url')
  sessions.set(token, { instanceId: instance.meta.id, expiresAt: ctx.now + SESSION_MS })
  return { status: 200, body: { url: `${serviceBase(ctx)}/console/${token}` } }
}

/** 201 with the new image, taken from the instance's own image (its system and drivers) in the instance's region. */
const snapshotInstance: Handler = async (ctx) => {
  const instance = findInstance(ctx)
  const { metadata } = await ctx.body(snapshotBody)
  if (instance.meta.goneAt !== undefined) throw invalidRequest('the instance is being deleted')
  const image = newSnapshot(ctx, metadata, {
    organizationId: instance.organizationId,
    projectId: instance.projectId,
    regionId: instance.regionId,
    instanceId: instance.meta.id,
    spec: imageOf(ctx.store, instance.imageId).spec,
  })
  return { status: 201, body: organizationImageView(image, ctx.now) }
}

const item = '/api/v2/instances/:instanceID'
export const instanceAccessRoutes = [
  // The key and a console session hand over control of the machine, so they take what changing it takes.
  route('GET', `${item}/sshkey`, instanceNeeds('update'), getSshKey),
  route('GET', `${item}/consoleoutput`, instanceNeeds('read'), getConsoleOutput),
  route('GET', `${item}/consolesession`, instanceNeeds('update'), getConsoleSession),
  route('POST', `${item}/snapshot`, instanceNeeds('update'), snapshotInstance),
]
