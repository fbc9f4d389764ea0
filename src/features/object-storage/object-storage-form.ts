import { z } from 'zod/mini'
import type { Path } from 'react-hook-form'
import {
  objectStorageAccessKeyApi,
  objectStorageEndpointApi,
  type AccessKeyCreate,
  type IdentityPolicy,
  type ObjectStorageEndpoint,
  type ObjectStorageEndpointCreate,
  type ObjectStorageEndpointUpdate,
} from '../../api/objectStorage'
import { formWrite, metadataDefaults, metadataOf, pathsOf, placementOf, type Wire } from '../../lib/form-wire'
import { metadataFields, placementFields, resourceName } from '../../lib/validation'

// The endpoint forms as the user edits them: a class chosen once, and identity policies as rows of a name and a JSON
// document typed as text. The document's checks are the platform's: a name of at least one character, unique within
// the endpoint, and a document that is a JSON object; the form says each at the field before sending.

/** A policy as the form holds it: its document as the text the user typed. */
export interface PolicyRow {
  name: string
  document: string
}

/** What a new policy row starts from: S3's read-only shape, for one bucket the user names. */
export const POLICY_TEMPLATE = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject', 's3:ListBucket'], Resource: ['arn:aws:s3:::my-bucket/*'] }],
  },
  null,
  2,
)

/** The document typed, read as the platform takes it: a JSON object; otherwise why not. */
function parsePolicyDocument(
  text: string,
): { ok: true; document: Record<string, unknown> } | { ok: false; reason: string } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: `Not valid JSON: ${(error as Error).message}.` }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'A policy document is a JSON object, such as { "Version": …, "Statement": […] }.' }
  return { ok: true, document: parsed as Record<string, unknown> }
}

const policyRows = z.array(z.object({ name: z.string(), document: z.string() })).check(
  z.superRefine((rows, ctx) => {
    rows.forEach((row, index) => {
      if (!row.name.trim())
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: 'Name the policy: access keys are bound to it by name.',
        })
      else if (rows.findIndex((other) => other.name.trim() === row.name.trim()) < index)
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Policy names are unique within the endpoint.' })
      const document = parsePolicyDocument(row.document)
      if (!document.ok) ctx.addIssue({ code: 'custom', path: [index, 'document'], message: document.reason })
    })
  }),
)

const endpointCreateForm = z.object({
  ...metadataFields,
  ...placementFields,
  classId: z.string().check(z.trim(), z.minLength(1, 'Choose an endpoint class.')),
  policies: policyRows,
})
type EndpointCreateValues = z.input<typeof endpointCreateForm>

export const endpointUpdateForm = z.object({ ...metadataFields, policies: policyRows })
type EndpointUpdateValues = z.input<typeof endpointUpdateForm>

const policiesOf = (rows: readonly PolicyRow[]): IdentityPolicy[] =>
  rows.map((row) => {
    const parsed = parsePolicyDocument(row.document)
    return { name: row.name.trim(), document: parsed.ok ? parsed.document : {} }
  })

/** An error about a policy's name or document lands on that row's field; about the list, on its first row. */
const policyPaths = <V extends { policies: PolicyRow[] }>() => ({
  at: ['spec', 'identityPolicies'],
  formRow: (sent: number) => sent,
  field: (row: number, column: string | undefined) =>
    (column === 'document' ? `policies.${row}.document` : `policies.${row}.name`) as Path<V>,
})

function toCreateWire(values: EndpointCreateValues): Wire<ObjectStorageEndpointCreate, EndpointCreateValues> {
  const { metadata, fields, tagPaths } = metadataOf<EndpointCreateValues>(values)
  const { placement, placementFields } = placementOf<EndpointCreateValues>(values)
  return {
    body: {
      metadata,
      spec: {
        ...placement,
        objectStorageEndpointClassId: values.classId.trim(),
        ...(values.policies.length ? { identityPolicies: policiesOf(values.policies) } : {}),
      },
    },
    pathOf: pathsOf({ ...fields, ...placementFields, 'spec.objectStorageEndpointClassId': 'classId' }, [
      tagPaths,
      policyPaths<EndpointCreateValues>(),
    ]),
  }
}

export const endpointCreate = formWrite({
  schema: endpointCreateForm,
  endpoint: objectStorageEndpointApi.create,
  wire: toCreateWire,
})

/** The whole list of policies, always sent: the platform replaces the set with it, and an empty one clears it. */
export function toUpdateWire(values: EndpointUpdateValues): Wire<ObjectStorageEndpointUpdate, EndpointUpdateValues> {
  const { metadata, fields, tagPaths } = metadataOf<EndpointUpdateValues>(values)
  return {
    body: { metadata, spec: { identityPolicies: policiesOf(values.policies) } },
    pathOf: pathsOf(fields, [tagPaths, policyPaths<EndpointUpdateValues>()]),
  }
}

export function updateDefaults(endpoint: ObjectStorageEndpoint): EndpointUpdateValues {
  return {
    ...metadataDefaults(endpoint.metadata),
    policies: endpoint.spec.identityPolicies.map((policy) => ({
      name: policy.name,
      document: JSON.stringify(policy.document, null, 2),
    })),
  }
}

const accessKeyForm = z.object({
  name: resourceName,
  identityPolicy: z.string().check(z.minLength(1, 'Choose the identity policy the key is bound to.')),
})
export type AccessKeyValues = z.input<typeof accessKeyForm>

function toKeyWire(values: AccessKeyValues): Wire<AccessKeyCreate, AccessKeyValues> {
  return {
    body: { metadata: { name: values.name.trim() }, spec: { identityPolicy: values.identityPolicy } },
    pathOf: pathsOf({ 'metadata.name': 'name', 'spec.identityPolicy': 'identityPolicy' }),
  }
}

export const accessKeyCreate = formWrite({
  schema: accessKeyForm,
  endpoint: objectStorageAccessKeyApi.create,
  wire: toKeyWire,
})
