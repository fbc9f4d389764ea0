// Shapes shared by the regional and identity APIs: the {metadata, spec, status} envelope's metadata, tags and the
// status enums. Reads are tolerant: loose objects keep unknown fields, enums read as plain strings (the known values
// are exported for pickers and badges), so a new platform value never breaks a page.

import { z } from 'zod'

/** A known value, or any future string the platform may add. Keeps autocomplete without rejecting new values. */
export type KnownOr<T extends readonly string[]> = T[number] | (string & {})

/** metadata.provisioningStatus and file-storage attachment provisioningStatus ('pending' from newer servers). */
export const PROVISIONING_STATUSES = [
  'unknown',
  'provisioning',
  'provisioned',
  'deprovisioning',
  'error',
  'pending',
] as const
export type ProvisioningStatus = KnownOr<typeof PROVISIONING_STATUSES>

export const HEALTH_STATUSES = ['unknown', 'healthy', 'degraded', 'error'] as const
export type HealthStatus = KnownOr<typeof HEALTH_STATUSES>

export const tagSchema = z.looseObject({ name: z.string(), value: z.string() })
export const tagWriteSchema = z.object({ name: z.string(), value: z.string() })

/** Write metadata: name, optional description and tags. */
export const writeMetadataSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  tags: z.array(tagWriteSchema).optional(),
})
export type WriteMetadata = z.input<typeof writeMetadataSchema>

const statusString = z.string().default('unknown')

/** Metadata of things that only exist (flavors, images): id, name, creationTime. */
export const staticMetadataSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  tags: z.array(tagSchema).optional(),
  creationTime: z.string().optional(),
  createdBy: z.string().optional(),
  modifiedTime: z.string().optional(),
  modifiedBy: z.string().optional(),
})

/** Metadata of provisioned resources not owned by an organization (regions, roles, organizations themselves). */
export const readMetadataSchema = staticMetadataSchema.extend({
  creationTime: z.string(),
  provisioningStatus: statusString,
  healthStatus: statusString,
  deletionTime: z.string().optional(),
})
export type ReadMetadata = z.infer<typeof readMetadataSchema>

/** Users, service accounts, projects, groups. */
export const organizationScopedMetadataSchema = readMetadataSchema.extend({ organizationId: z.string() })
export type OrganizationScopedMetadata = z.infer<typeof organizationScopedMetadataSchema>

/** Networks, security groups, file storage, instances (createdBy is absent on instances). */
export const projectScopedMetadataSchema = organizationScopedMetadataSchema.extend({ projectId: z.string() })
export type ProjectScopedMetadata = z.infer<typeof projectScopedMetadataSchema>

/** A list answer. The platform answers `null` when its organization filter matches nothing the caller may see. */
export function listOf<S extends z.ZodType>(item: S) {
  return z
    .array(item)
    .nullable()
    .transform((items) => items ?? [])
}
