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
 * answers: building every read and write schema there was most of zod's work in a networks list load, 55 -> 22 ms
 * of it at 4x CPU throttling once built on use (bench/zod-profile.ts, load 3). The metadata schemas below and the
 * ACL's stay eager: every first screen reads them.
 */
export const lazySchema = <T extends z.core.$ZodType>(build: () => T) => z.lazy(build)

const statusString = z._default(z.string(), 'unknown')

/** Metadata of things that only exist (flavors, images): id, name, creationTime. */
export const staticMetadataSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  tags: z.optional(z.array(tagSchema)),
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
 * Whether zod would read `value` through a schema and give back an equal copy of it: valid, with no default to fill
 * in, no transform and no unknown key to strip. Built once from the schema's definition, as plain closures; undefined
 * where the schema uses anything this does not know (a transform, a check, a strict object), which zod then reads
 * alone. It stands in for zod's own compiled fast path, which the page's Content-Security-Policy (no eval) turns off.
 */
type Unchanged = (value: unknown) => boolean

interface Def {
  type: string
  checks?: unknown[]
  coerce?: boolean
  format?: string
  innerType?: z.core.$ZodType
  element?: z.core.$ZodType
  shape?: Record<string, z.core.$ZodType>
  catchall?: z.core.$ZodType
}

function unchangedBy(schema: z.core.$ZodType): Unchanged | undefined {
  const def = schema._zod.def as Def
  if (def.checks?.length || def.coerce) return undefined
  // A schema built on use (lazySchema) reads as the one it builds.
  if (def.type === 'lazy') return unchangedBy((schema as z.core.$ZodLazy)._zod.innerType)
  const inner = def.innerType && unchangedBy(def.innerType)
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string'
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'number':
      if (def.format === 'safeint') return (value) => Number.isSafeInteger(value)
      return def.format ? undefined : (value) => typeof value === 'number' && Number.isFinite(value)
    case 'unknown':
      return () => true
    case 'optional':
      return inner && ((value) => value === undefined || inner(value))
    case 'nullable':
      return inner && ((value) => value === null || inner(value))
    // A missing value gets the default: a copy that differs, which zod makes.
    case 'default':
      return inner && ((value) => value !== undefined && inner(value))
    case 'array': {
      const element = unchangedBy(def.element!)
      return element && ((value) => Array.isArray(value) && value.every(element))
    }
    case 'object': {
      // Loose objects only (their unknown keys are kept as they are); a strict or stripping one changes its input.
      if (def.catchall?._zod.def.type !== 'unknown') return undefined
      const keys = Object.keys(def.shape!)
      const fields = keys.map((key) => unchangedBy(def.shape![key]!))
      if (!fields.every(Boolean)) return undefined
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
        // zod never copies a "__proto__" key; JSON.parse makes it an own property.
        if (Object.hasOwn(value, '__proto__')) return false
        const record = value as Record<string, unknown>
        return keys.every((key, i) => fields[i]!(record[key]))
      }
    }
  }
  return undefined
}

/**
 * The reader of a list answer: what `listOf(item)` reads, with the rows that zod would give back unchanged taken as
 * they came, and only the others read by zod. zod's interpreted path builds a copy of every object and field it reads:
 * for 10,006 networks that was 100 to 400 ms of the list's open, and its garbage, against 3 to 8 ms checked here
 * (Node, the same V8). A list zod rejects is rejected by zod, with its own message and path.
 */
export function listReader<S extends z.core.$ZodType>(item: S): AnswerReader<z.output<S>[]> {
  let whole: ReturnType<typeof listOf<S>> | undefined
  let unchanged: Unchanged | false | undefined
  return {
    safeParse(value) {
      whole ??= listOf(item)
      unchanged ??= unchangedBy(item) ?? false
      if (!unchanged || !Array.isArray(value)) return whole.safeParse(value)
      let rows = value as z.output<S>[]
      for (let i = 0; i < value.length; i++) {
        if (unchanged(value[i])) continue
        const row = z.safeParse(item, value[i])
        // The error zod gives for the whole list: the row's index in its path, as it always was.
        if (!row.success) return whole.safeParse(value)
        if (rows === value) rows = [...rows]
        rows[i] = row.data
      }
      return { success: true, data: rows }
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
