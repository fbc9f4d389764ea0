// Identity API ({identity_url}): organizations, users, service accounts, groups, roles, projects.

import { z } from 'zod'
import { organizationScopedMetadataSchema, readMetadataSchema, writeMetadataSchema } from './common'

// ---- Organizations (platform extension) -----------------------------------------------------------------------

export const organizationSchema = z.looseObject({
  metadata: readMetadataSchema,
  spec: z.looseObject({ organizationType: z.string().optional(), domain: z.string().optional() }).optional(),
})

// ---- Users ----------------------------------------------------------------------------------------------------

export const USER_STATES = ['active', 'pending', 'suspended'] as const

/** The spec spells it `lastAcive`, the platform `lastActive`; both are read into `lastActive`. */
const userStatusSchema = z
  .looseObject({ lastActive: z.string().optional(), lastAcive: z.string().optional() })
  .transform(({ lastActive, lastAcive, ...rest }) => ({ ...rest, lastActive: lastActive ?? lastAcive }))

export const userSchema = z.looseObject({
  metadata: organizationScopedMetadataSchema,
  spec: z.looseObject({
    subject: z.string(),
    state: z.string().default('unknown'),
    groupIDs: z.array(z.string()).default([]),
  }),
  status: userStatusSchema.optional(),
})
export type User = z.infer<typeof userSchema>

/** Create and update take the same body; metadata is optional. */
export const userWriteSchema = z.object({
  metadata: writeMetadataSchema.optional(),
  spec: z.object({ subject: z.string(), state: z.enum(USER_STATES), groupIDs: z.array(z.string()) }),
})
export type UserWrite = z.input<typeof userWriteSchema>

// ---- Service accounts -----------------------------------------------------------------------------------------

export const serviceAccountSchema = z.looseObject({
  metadata: organizationScopedMetadataSchema,
  spec: z.looseObject({ groupIDs: z.array(z.string()).default([]) }),
  status: z
    .looseObject({
      expiry: z.string().optional(),
      // Only in the create (and rotate) answer: the token is shown once.
      accessToken: z.string().optional(),
    })
    .optional(),
})
export type ServiceAccount = z.infer<typeof serviceAccountSchema>

export const serviceAccountWriteSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({ groupIDs: z.array(z.string()) }),
})
export type ServiceAccountWrite = z.input<typeof serviceAccountWriteSchema>

// ---- Groups and roles (platform extensions, read only here) ---------------------------------------------------

export const groupSchema = z.looseObject({
  metadata: organizationScopedMetadataSchema,
  spec: z
    .looseObject({
      userIDs: z.array(z.string()).optional(),
      serviceAccountIDs: z.array(z.string()).default([]),
      roleIDs: z.array(z.string()).default([]),
      subjects: z
        .array(z.looseObject({ id: z.string(), email: z.string().optional(), issuer: z.string().optional() }))
        .optional(),
    })
    .optional(),
})
export type Group = z.infer<typeof groupSchema>

export const roleSchema = z.looseObject({ metadata: readMetadataSchema })
export type Role = z.infer<typeof roleSchema>

// ---- Projects -------------------------------------------------------------------------------------------------

/** The project answer has metadata and spec only; provisioning is asynchronous (create answers 202). */
export const projectSchema = z.looseObject({
  metadata: organizationScopedMetadataSchema,
  spec: z.looseObject({ groupIDs: z.array(z.string()).default([]) }),
})
export type Project = z.infer<typeof projectSchema>

export const projectCreateSchema = z.object({
  metadata: writeMetadataSchema,
  spec: z.object({ groupIDs: z.array(z.string()) }),
})
export type ProjectCreate = z.input<typeof projectCreateSchema>
