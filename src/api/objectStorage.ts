// Object storage ({storage_url}, storage v1.4.1): S3-compatible endpoints in a project and region, each of a class
// fixed at create and with named identity policies (JSON documents) that an update replaces whole; the classes each
// region offers; and each endpoint's access keys, each bound to one of its policies. A key's secret is in the create's
// answer alone: it is read into that mutation's result and never into the query cache, and no read returns it.

import { z } from 'zod/mini'
import { endpoint, listEndpoint } from './endpoint'
import { projectTable } from './resource-table'
import { seg } from './request'
import { lazySchema, projectScopedMetadataSchema, readMetadataSchema, writeMetadata } from './schemas/common'

const policySchema = z.looseObject({ name: z.string(), document: z.record(z.string(), z.unknown()) })
export type IdentityPolicy = z.infer<typeof policySchema>

const objectStorageEndpointSchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({
      objectStorageEndpointClassId: z.string(),
      // Optional in the document: none read as an empty list, null included.
      identityPolicies: z.pipe(
        z.optional(z.nullable(z.array(policySchema))),
        z.transform((list) => list ?? []),
      ),
    }),
    status: z.looseObject({
      regionId: z.string(),
      exposure: z.optional(z.looseObject({ public: z.optional(z.looseObject({ dnsName: z.string() })) })),
    }),
  }),
)
export type ObjectStorageEndpoint = z.infer<typeof objectStorageEndpointSchema>

const writtenPolicies = () => z.array(z.object({ name: z.string(), document: z.record(z.string(), z.unknown()) }))

const createSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      organizationId: z.string(),
      projectId: z.string(),
      regionId: z.string(),
      objectStorageEndpointClassId: z.string(),
      identityPolicies: z.optional(writtenPolicies()),
    }),
  }),
)
export type ObjectStorageEndpointCreate = z.input<typeof createSchema>

// The class is not in the update: it is fixed. The policies, when sent, replace the whole set.
const updateSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object({ identityPolicies: writtenPolicies() }) }),
)
export type ObjectStorageEndpointUpdate = z.input<typeof updateSchema>

export const objectStorageEndpointApi = projectTable('objectStorageEndpoints', {
  read: objectStorageEndpointSchema,
  create: createSchema,
  update: updateSchema,
})

const endpointClassSchema = lazySchema(() =>
  z.looseObject({
    metadata: readMetadataSchema,
    spec: z.looseObject({
      regionId: z.string(),
      supportedEndpointType: z.pipe(
        z.optional(z.nullable(z.array(z.string()))),
        z.transform((list) => list ?? []),
      ),
    }),
  }),
)
export type ObjectStorageEndpointClass = z.infer<typeof endpointClassSchema>

export const objectStorageEndpointClassApi = {
  list: listEndpoint({
    resource: 'objectStorageEndpointClasses',
    service: 'storage',
    path: (_: { regionID: readonly string[] }) => '/api/v1/objectstorageendpointclasses',
    query: ({ regionID }) => ({ regionID }),
    item: endpointClassSchema,
    // What a region offers changes with the platform's releases, not while a form is open.
    staleTime: 5 * 60_000,
  }),
}

const accessKeySchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({ identityPolicy: z.string(), accessKeyId: z.nullable(z.optional(z.string())) }),
  }),
)
export type ObjectStorageAccessKey = z.infer<typeof accessKeySchema>

const createdKeySchema = lazySchema(() =>
  z.looseObject({
    metadata: projectScopedMetadataSchema,
    spec: z.looseObject({ identityPolicy: z.string(), accessKeyId: z.string(), secret: z.string() }),
  }),
)
export type CreatedAccessKey = z.infer<typeof createdKeySchema>

const keyCreateSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object({ identityPolicy: z.string() }) }),
)
export type AccessKeyCreate = z.input<typeof keyCreateSchema>

type OfEndpoint = { objectStorageEndpointID: string }
type OfKey = OfEndpoint & { objectStorageAccessKeyID: string }

const keys = ({ objectStorageEndpointID }: OfEndpoint) =>
  `/api/v1/objectstorageendpoints/${seg(objectStorageEndpointID)}/accesskeys`
const key = (params: OfKey) => `${keys(params)}/${seg(params.objectStorageAccessKeyID)}`
const family = { resource: 'objectStorageAccessKeys', service: 'storage' } as const

export const objectStorageAccessKeyApi = {
  list: listEndpoint({ ...family, path: keys, item: accessKeySchema }),
  detail: endpoint({ ...family, op: 'detail', method: 'GET', path: key, read: accessKeySchema }),
  // Actions on the endpoint, as the activity log words them: "Create access key" on the endpoint it changes.
  create: endpoint({
    ...family,
    op: 'create access key',
    method: 'POST',
    path: keys,
    write: keyCreateSchema,
    read: createdKeySchema,
    // No seed: the answer holds the secret, and the cache keeps only what a read returns.
    effects: { invalidates: [['objectStorageAccessKeys', 'list']] },
  }),
  delete: endpoint({
    ...family,
    op: 'delete access key',
    method: 'DELETE',
    path: key,
    effects: { invalidates: [['objectStorageAccessKeys']] },
  }),
}
