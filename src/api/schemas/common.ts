// Shapes shared by the regional and identity APIs: the {metadata, spec, status} envelope's metadata and tags. Reads
// are tolerant: loose objects keep unknown fields and status enums read as plain strings, so a new platform value
// never breaks a page.
//
// Every schema in src/api/schemas is built with zod/mini: its schemas carry no methods, where classic zod attaches
// some forty to each instance as it is built, and those hundreds of instances are built while the list page's shell
// chunk is evaluated, before first paint. Validation is the same zod core, as strict as before. Forms may keep classic
// zod in their own lazily loaded chunks.

import { z } from 'zod/mini'
import type { AnswerReader } from '../client'

/**
 * A list field the document requires: `null`, which the platform's servers may write for an empty list, or none at all,
 * reads as an empty list.
 */
export const listField = <S extends z.core.$ZodType>(item: S) =>
  transformed(z.optional(z.nullable(z.array(item))), (list) => list ?? [])

/**
 * A list field the document makes optional: `null`, as the platform answers one that is empty, reads as an empty list;
 * a field left out stays undefined (not reported).
 */
export const optionalListField = <S extends z.core.$ZodType>(item: S) =>
  z.optional(transformed(z.nullable(z.array(item)), (list) => list ?? []))

const tagSchema = z.looseObject({ name: z.string(), value: z.string() })

/**
 * Write metadata: name, optional description and tags. A function, called inside a write schema's builder (see
 * `lazySchema`): nothing of a write schema is built until a body goes out through it.
 */
export const writeMetadata = () =>
  z.object({
    name: z.string(),
    description: z.optional(z.string()),
    tags: z.optional(z.array(z.object({ name: z.string(), value: z.string() }))),
  })

/**
 * A schema built the first time something is read or written through it, then kept. The endpoint tables and these
 * schema modules are evaluated with the shell every page loads, while a page's first screen reads only its own few
 * answers: building every read and write schema there was most of zod's work in a networks list load; built on use, a
 * page builds only what it reads (bench/zod-profile.ts splits zod's time into building schemas and reading answers).
 * The metadata schemas below and the ACL's stay eager: every first screen reads them.
 */
export const lazySchema = <T extends z.core.$ZodType>(build: () => T) => z.lazy(build)

const statusString = z._default(z.string(), 'unknown')

/** Metadata of things that only exist (flavors, images): id, name, creationTime. */
export const staticMetadataSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  tags: optionalListField(tagSchema),
  creationTime: z.optional(z.string()),
  createdBy: z.optional(z.string()),
  modifiedTime: z.optional(z.string()),
  modifiedBy: z.optional(z.string()),
})

/** Metadata of provisioned resources not owned by an organization (regions, roles, organizations themselves). */
export const readMetadataSchema = z.extend(staticMetadataSchema, {
  creationTime: z.string(),
  provisioningStatus: statusString,
  healthStatus: statusString,
  deletionTime: z.optional(z.string()),
})

/** Users, service accounts, projects, groups. */
export const organizationScopedMetadataSchema = z.extend(readMetadataSchema, { organizationId: z.string() })

/** Networks, security groups, file storage, instances (createdBy is absent on instances). */
export const projectScopedMetadataSchema = z.extend(organizationScopedMetadataSchema, { projectId: z.string() })

/** A list answer. The platform answers `null` when its organization filter matches nothing the caller may see. */
export function listOf<S extends z.core.$ZodType>(item: S) {
  return z.pipe(
    z.nullable(z.array(item)),
    z.transform((items: z.output<S>[] | null) => items ?? []),
  )
}

/**
 * The reader of a list answer: `listOf(item)`, built the first time an answer is read through it (as `lazySchema`
 * says why).
 */
export function listReader<S extends z.core.$ZodType>(item: S): AnswerReader<z.output<S>[]> {
  let whole: ReturnType<typeof listOf<S>> | undefined
  return {
    safeParse(value) {
      whole ??= listOf(item)
      return whole.safeParse(value)
    },
  }
}

/** `schema` then `fn` on what it read: classic zod's `schema.transform(fn)`, with `fn`'s input typed from `schema`. */
export function transformed<S extends z.core.$ZodType, O>(
  schema: S,
  fn: (value: z.output<S>, payload: z.core.ParsePayload) => O,
) {
  return z.pipe(schema, z.transform(fn))
}
