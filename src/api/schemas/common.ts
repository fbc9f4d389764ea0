// Shapes shared by the regional and identity APIs: the {metadata, spec, status} envelope's metadata and tags. Reads
// are tolerant: loose objects keep unknown fields and status enums read as plain strings, so a new platform value
// never breaks a page.

import { z } from 'zod'

const tagSchema = z.looseObject({ name: z.string(), value: z.string() })
const tagWriteSchema = z.object({ name: z.string(), value: z.string() })

/** Write metadata: name, optional description and tags. */
export const writeMetadataSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  tags: z.array(tagWriteSchema).optional(),
})

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

/** Users, service accounts, projects, groups. */
export const organizationScopedMetadataSchema = readMetadataSchema.extend({ organizationId: z.string() })

/** Networks, security groups, file storage, instances (createdBy is absent on instances). */
export const projectScopedMetadataSchema = organizationScopedMetadataSchema.extend({ projectId: z.string() })

/** A list answer. The platform answers `null` when its organization filter matches nothing the caller may see. */
export function listOf<S extends z.ZodType>(item: S) {
  return z
    .array(item)
    .nullable()
    .transform((items) => items ?? [])
}
