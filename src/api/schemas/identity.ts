// Identity API ({identity_url}): organizations, users, service accounts, groups, roles, projects.

import { z } from 'zod/mini'
import {
  lazySchema,
  listField,
  optionalListField,
  organizationScopedMetadataSchema,
  readMetadataSchema,
  transformed,
  writeMetadata,
} from './common'

// ---- Organizations --------------------------------------------------------------------------------------------

export const organizationSchema = lazySchema(() =>
  z.looseObject({
    metadata: readMetadataSchema,
    spec: z.optional(
      z.looseObject({
        organizationType: z.optional(z.string()),
        domain: z.optional(z.string()),
        providerScope: z.optional(z.string()),
        providerID: z.optional(z.string()),
      }),
    ),
  }),
)
export type Organization = z.infer<typeof organizationSchema>

const ORGANIZATION_TYPES = ['adhoc', 'domain'] as const
const PROVIDER_SCOPES = ['global', 'organization'] as const

/** The document's organizationWrite: the whole organization, its provider settings included. */
export const organizationWriteSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      organizationType: z.enum(ORGANIZATION_TYPES),
      domain: z.optional(z.string()),
      providerScope: z.optional(z.enum(PROVIDER_SCOPES)),
      providerID: z.optional(z.string()),
      googleCustomerID: z.optional(z.string()),
    }),
  }),
)
export type OrganizationWrite = z.input<typeof organizationWriteSchema>

// ---- Users ----------------------------------------------------------------------------------------------------

export const USER_STATES = ['active', 'pending', 'suspended'] as const

/** The spec spells it `lastAcive`, the platform `lastActive`; both are read into `lastActive`. */
const userStatusRead = () =>
  transformed(
    z.looseObject({ lastActive: z.optional(z.string()), lastAcive: z.optional(z.string()) }),
    ({ lastActive, lastAcive, ...rest }) => ({ ...rest, lastActive: lastActive ?? lastAcive }),
  )

export const userSchema = lazySchema(() =>
  z.looseObject({
    metadata: organizationScopedMetadataSchema,
    spec: z.looseObject({
      subject: z.string(),
      state: z._default(z.string(), 'unknown'),
      groupIDs: listField(z.string()),
    }),
    status: z.optional(userStatusRead()),
  }),
)
export type User = z.infer<typeof userSchema>

/** Create and update take the same body; metadata is optional. */
export const userWriteSchema = lazySchema(() =>
  z.object({
    metadata: z.optional(writeMetadata()),
    spec: z.object({ subject: z.string(), state: z.enum(USER_STATES), groupIDs: z.array(z.string()) }),
  }),
)
export type UserWrite = z.input<typeof userWriteSchema>

// ---- Service accounts -----------------------------------------------------------------------------------------

export const serviceAccountSchema = lazySchema(() =>
  z.looseObject({
    metadata: organizationScopedMetadataSchema,
    spec: z.looseObject({ groupIDs: listField(z.string()) }),
    status: z.optional(
      z.looseObject({
        expiry: z.optional(z.string()),
        // Only in the create (and rotate) answer: the token is shown once.
        accessToken: z.optional(z.string()),
      }),
    ),
  }),
)
export type ServiceAccount = z.infer<typeof serviceAccountSchema>

export const serviceAccountWriteSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object({ groupIDs: z.array(z.string()) }) }),
)
export type ServiceAccountWrite = z.input<typeof serviceAccountWriteSchema>

// ---- Groups and roles ------------------------------------------------------------------------------------------

const subjectSchema = () =>
  z.looseObject({ id: z.string(), email: z.optional(z.string()), issuer: z.optional(z.string()) })

export const groupSchema = lazySchema(() =>
  z.looseObject({
    metadata: organizationScopedMetadataSchema,
    spec: z.optional(
      z.looseObject({
        userIDs: optionalListField(z.string()),
        serviceAccountIDs: listField(z.string()),
        roleIDs: listField(z.string()),
        subjects: optionalListField(subjectSchema()),
      }),
    ),
  }),
)
export type Group = z.infer<typeof groupSchema>

/** The document's groupWrite: create and update take the whole group. */
export const groupWriteSchema = lazySchema(() =>
  z.object({
    metadata: writeMetadata(),
    spec: z.object({
      roleIDs: z.array(z.string()),
      userIDs: z.optional(z.array(z.string())),
      serviceAccountIDs: z.array(z.string()),
      subjects: z.optional(z.array(z.object({ id: z.string(), email: z.optional(z.string()), issuer: z.string() }))),
    }),
  }),
)
export type GroupWrite = z.input<typeof groupWriteSchema>

export const roleSchema = lazySchema(() => z.looseObject({ metadata: readMetadataSchema }))
export type Role = z.infer<typeof roleSchema>

// ---- Projects -------------------------------------------------------------------------------------------------

/** The project answer has metadata and spec only; provisioning is asynchronous (create answers 202). */
export const projectSchema = lazySchema(() =>
  z.looseObject({
    metadata: organizationScopedMetadataSchema,
    spec: z.looseObject({ groupIDs: listField(z.string()) }),
  }),
)
export type Project = z.infer<typeof projectSchema>

export const projectCreateSchema = lazySchema(() =>
  z.object({ metadata: writeMetadata(), spec: z.object({ groupIDs: z.array(z.string()) }) }),
)
export type ProjectCreate = z.input<typeof projectCreateSchema>
