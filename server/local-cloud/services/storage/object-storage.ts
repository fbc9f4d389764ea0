import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import * as z from 'zod'
import { CATALOG_EPOCH, REGIONS, regionNameOf } from '../../catalog/regions.ts'
import { demoId } from '../../catalog/ids.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, conflict, notFound } from '../../platform/errors.ts'
import { listReply } from '../../platform/filters.ts'
import {
  fixedMetadata,
  markDeleted,
  newMeta,
  readMetadata,
  statusChangesAt,
  updatedMeta,
} from '../../platform/lifecycle.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { projectScope, requireRegion } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope, writeMetadata } from '../../platform/validate.ts'
import { regionIdsOf } from '../regional/regions.ts'

// Object storage (storage v1.4.1): endpoint classes per region, S3 endpoints in a project and region with named
// identity policies, and each endpoint's access keys, whose secret the create's answer holds once and nothing keeps.

type EndpointType = 'public' | 'private'

interface EndpointClass {
  id: string
  name: string
  description: string
  regionId: string
  supportedEndpointType: EndpointType[]
}

/** Each region offers a public class (reachable from the internet and its networks) and a private one. */
export const ENDPOINT_CLASSES: readonly EndpointClass[] = REGIONS.flatMap((region) => [
  {
    id: demoId(`objectstorageendpointclass/${region.name}/public`),
    name: 'standard-public',
    description: `S3 over HTTPS at a public DNS name in ${region.description}, and from the region's networks.`,
    regionId: region.id,
    supportedEndpointType: ['public', 'private'] as EndpointType[],
  },
  {
    id: demoId(`objectstorageendpointclass/${region.name}/private`),
    name: 'standard-private',
    description: `S3 from the region's networks only, in ${region.description}: no public DNS name.`,
    regionId: region.id,
    supportedEndpointType: ['private'] as EndpointType[],
  },
])

interface IdentityPolicy {
  name: string
  document: Record<string, unknown>
}

export interface ObjectStorageEndpointRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  classId: string
  identityPolicies: IdentityPolicy[]
}

/** An access key: its id and policy. Its secret is answered once, at create, and kept nowhere. */
export interface ObjectStorageAccessKeyRecord {
  meta: ResourceMeta
  organizationId: string
  /** Its endpoint's project: the document reads a key's metadata as project scoped. */
  projectId: string
  endpointId: string
  identityPolicy: string
  accessKeyId: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    objectStorageEndpoints: ObjectStorageEndpointRecord
    objectStorageAccessKeys: ObjectStorageAccessKeyRecord
  }
}
registerTable('objectStorageEndpoints', { projectId: (endpoint) => [endpoint.projectId] })
// Keys go with their endpoint: they hold no project back.
registerTable('objectStorageAccessKeys', { projectId: 'does not block' })

const classView = (endpointClass: EndpointClass) => ({
  metadata: fixedMetadata(endpointClass, CATALOG_EPOCH),
  spec: { regionId: endpointClass.regionId, supportedEndpointType: endpointClass.supportedEndpointType },
})

/** The classes of the caller's regions, of the `regionID` values asked for if any. */
const listClasses: Handler = (ctx) => {
  const open = regionIdsOf(ctx, ctx.principal.organizationId)
  const wanted = ctx.query.getAll('regionID')
  if (wanted.some((id) => id === '')) throw new CloudError('invalid_request', 'regionID: must not be empty')
  return listReply(
    ENDPOINT_CLASSES.filter((c) => open.includes(c.regionId) && (wanted.length === 0 || wanted.includes(c.regionId))),
    classView,
  )
}

/** The public DNS name an endpoint of a public class is reached at once it is provisioned. */
const publicDnsName = (endpoint: { meta: { id: string }; regionId: string }) =>
  `${endpoint.meta.id.slice(0, 8)}.s3.${regionNameOf(endpoint.regionId)}.example.com`

function endpointView(endpoint: ObjectStorageEndpointRecord, now: number) {
  const metadata = readMetadata(endpoint.meta, now, { createdBy: true })
  const isPublic = ENDPOINT_CLASSES.find((c) => c.id === endpoint.classId)?.supportedEndpointType.includes('public')
  return {
    metadata: { ...metadata, organizationId: endpoint.organizationId, projectId: endpoint.projectId },
    spec: {
      objectStorageEndpointClassId: endpoint.classId,
      // An optional array: left out when there is none, never null.
      ...(endpoint.identityPolicies.length ? { identityPolicies: endpoint.identityPolicies } : {}),
    },
    status: {
      regionId: endpoint.regionId,
      // Exposure is what has been provisioned: nothing before, and never a public name for a private class.
      ...(isPublic && metadata.provisioningStatus === 'provisioned'
        ? { exposure: { public: { dnsName: publicDnsName(endpoint) } } }
        : {}),
    },
  }
}

const policies = z
  .array(z.object({ name: z.string().min(1), document: z.record(z.string(), z.unknown()) }))
  .check((ctx) => {
    const seen = new Set<string>()
    ctx.value.forEach((policy, i) => {
      if (seen.has(policy.name))
        ctx.issues.push({
          code: 'custom',
          input: policy.name,
          path: [i, 'name'],
          message: 'policy names must be unique within the endpoint',
        })
      seen.add(policy.name)
    })
  })

const createBody = envelope(
  z.object({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    objectStorageEndpointClassId: z.string(),
    identityPolicies: policies.optional(),
  }),
)

// The update's spec is optional, and its class, if sent, must be the one chosen at create.
const updateBody = z.object({
  metadata: writeMetadata,
  spec: z
    .object({ objectStorageEndpointClassId: z.string().optional(), identityPolicies: policies.optional() })
    .optional(),
})

const unprocessable = (message: string) => new CloudError('unprocessable_content', message)

const createEndpoint: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  requireRegion(ctx.store, scope.organizationId, spec.regionId)
  const endpointClass = ENDPOINT_CLASSES.find((c) => c.id === spec.objectStorageEndpointClassId)
  if (!endpointClass || endpointClass.regionId !== spec.regionId)
    throw unprocessable('/spec/objectStorageEndpointClassId: no such endpoint class in the region')
  const endpoint: ObjectStorageEndpointRecord = {
    ...newRegional(ctx, metadata, { ...scope, regionId: spec.regionId }),
    classId: endpointClass.id,
    identityPolicies: spec.identityPolicies ?? [],
  }
  ctx.store.objectStorageEndpoints.set(endpoint)
  return { status: 201, body: endpointView(endpoint, ctx.now) }
}

const resource = regionalResource('objectStorageEndpoints', endpointView)

/** The live keys of an endpoint. */
function* keysOf(ctx: RequestContext, endpointId: string): Generator<ObjectStorageAccessKeyRecord> {
  for (const key of ctx.store.objectStorageAccessKeys.values())
    if (key.endpointId === endpointId && key.meta.goneAt === undefined) yield key
}

const updateEndpoint: Handler = async (ctx) => {
  const endpoint = resource.find(ctx)
  if (endpoint.meta.goneAt !== undefined) throw conflict('object storage endpoint is being deleted')
  const { metadata, spec } = await ctx.body(updateBody)
  const classId = spec?.objectStorageEndpointClassId
  if (classId !== undefined && classId !== endpoint.classId)
    throw unprocessable('/spec/objectStorageEndpointClassId: the endpoint class cannot change after creation')
  // Present, the list replaces the whole set; absent, the policies stay.
  const identityPolicies = spec?.identityPolicies ?? endpoint.identityPolicies
  const kept = new Set(identityPolicies.map((policy) => policy.name))
  const orphaned = [...keysOf(ctx, endpoint.meta.id)].filter((key) => !kept.has(key.identityPolicy))
  if (orphaned.length)
    throw conflict(
      `identity policy ${orphaned[0]!.identityPolicy} is bound to access keys ${orphaned.map((key) => key.meta.name).join(', ')}: delete them first`,
    )
  const updated: ObjectStorageEndpointRecord = {
    ...endpoint,
    meta: updatedMeta(ctx, endpoint.meta, metadata),
    identityPolicies,
  }
  ctx.store.objectStorageEndpoints.set(updated)
  return { status: 202, body: endpointView(updated, ctx.now) }
}

/** The platform deletes the endpoint with everything managed through it: its access keys too. */
const deleteEndpoint: Handler = (ctx) => {
  const endpoint = resource.find(ctx)
  for (const key of [...keysOf(ctx, endpoint.meta.id)]) markDeleted(ctx, ctx.store.objectStorageAccessKeys, key)
  return resource.remove(ctx, endpoint)
}

function keyView(key: ObjectStorageAccessKeyRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(key.meta, now, { createdBy: true }),
      organizationId: key.organizationId,
      projectId: key.projectId,
    },
    spec: { identityPolicy: key.identityPolicy, accessKeyId: key.accessKeyId },
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
/** 20 characters of [A-Z0-9], as the document's pattern and lengths say (S3's own are shaped so). */
const newAccessKeyId = () => `LCAK${Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(36)]).join('')}`
/** 40 characters, the document's most, from 30 random bytes. */
const newSecret = () => randomBytes(30).toString('base64')

const keyCreateBody = envelope(z.object({ identityPolicy: z.string().min(1) }))

const listKeys: Handler = (ctx) => {
  const endpoint = resource.find(ctx)
  // Cached only until a key's status next changes: a new one is made a moment after its create.
  return listReply(
    keysOf(ctx, endpoint.meta.id),
    (key) => keyView(key, ctx.now),
    (key) => statusChangesAt(key.meta, ctx.now),
  )
}

const createKey: Handler = async (ctx) => {
  const endpoint = resource.find(ctx)
  if (endpoint.meta.goneAt !== undefined) throw notFound('object storage endpoint not found')
  const { metadata, spec } = await ctx.body(keyCreateBody)
  if (!endpoint.identityPolicies.some((policy) => policy.name === spec.identityPolicy))
    throw unprocessable('/spec/identityPolicy: the endpoint has no identity policy of that name')
  const key: ObjectStorageAccessKeyRecord = {
    meta: newMeta(ctx, metadata, randomUUID()),
    organizationId: endpoint.organizationId,
    projectId: endpoint.projectId,
    endpointId: endpoint.meta.id,
    identityPolicy: spec.identityPolicy,
    accessKeyId: newAccessKeyId(),
  }
  ctx.store.objectStorageAccessKeys.set(key)
  const read = keyView(key, ctx.now)
  return { status: 201, body: { ...read, spec: { ...read.spec, secret: newSecret() } } }
}

function findKey(ctx: RequestContext): ObjectStorageAccessKeyRecord {
  const endpoint = resource.find(ctx)
  const key = ctx.store.objectStorageAccessKeys.get(ctx.params.objectStorageAccessKeyID ?? '')
  if (!key || key.endpointId !== endpoint.meta.id) throw notFound('object storage access key not found')
  return key
}

const getKey: Handler = (ctx) => ({ status: 200, body: keyView(findKey(ctx), ctx.now) })

const deleteKey: Handler = (ctx) => {
  markDeleted(ctx, ctx.store.objectStorageAccessKeys, findKey(ctx))
  return { status: 202 }
}

const keys = '/api/v1/objectstorageendpoints/:objectStorageEndpointID/accesskeys'

/** Object storage, on the storage API: classes, endpoints (with an update), and each endpoint's keys (no update). */
export const objectStorageRoutes = [
  route(
    'GET',
    '/api/v1/objectstorageendpointclasses',
    { endpoint: 'storage:objectstorageendpointclasses', op: 'read' },
    listClasses,
  ),
  ...resource.routes({ create: createEndpoint, update: updateEndpoint, delete: deleteEndpoint }),
  // A key is its endpoint's: reading the keys reads the endpoint, and making or deleting one changes it.
  route('GET', keys, resource.needs('read'), listKeys),
  route('POST', keys, resource.needs('update'), createKey),
  route('GET', `${keys}/:objectStorageAccessKeyID`, resource.needs('read'), getKey),
  route('DELETE', `${keys}/:objectStorageAccessKeyID`, resource.needs('update'), deleteKey),
]
