import * as z from 'zod'
import { CloudError } from './errors.ts'
import { parseCidr, parseIPv4 } from './ip.ts'

/**
 * Write validation: request bodies are checked against zod schemas, and the first issue is answered the way the
 * platform's schema validator does, `request body has an error: Error at "/spec/prefix": <message>`, with the path
 * as a JSON pointer and a message that never echoes the value. Rules beyond a body's shape (a prefix too small for
 * the platform, a name already taken) are not schema issues: handlers answer those as plain sentences.
 */

/** `["spec", "rules", 0, "port"]` → `/spec/rules/0/port` (RFC 6901 escaping); the whole body is `/`. */
function jsonPointer(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '/'
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

function fieldError(path: readonly PropertyKey[], message: string): CloudError {
  return new CloudError('invalid_request', `request body has an error: Error at "${jsonPointer(path)}": ${message}`)
}

const TYPE_NAMES: Record<string, string> = {
  int: 'an integer',
  number: 'an integer',
  array: 'an array',
  object: 'an object',
}

/** The platform validator's wording for zod's issue codes; schemas give their own message where it differs. */
function messageFor(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'property is required'
      return `value must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}`
    case 'too_small':
      if (issue.origin === 'array') return `array must have at least ${issue.minimum} items`
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters`
      return `number must be at least ${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'array') return `array must have at most ${issue.maximum} items`
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`
      return `number must be at most ${issue.maximum}`
    case 'invalid_value':
      return `value is not one of the allowed values ${issue.values.map((v) => `"${String(v)}"`).join(', ')}`
    default:
      return undefined
  }
}

/** The body as `schema` reads it, or a 400 naming the first issue's path. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { error: messageFor })
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw fieldError(issue?.path ?? [], issue?.message ?? 'value is not valid')
}

/** The platform's resource names (its `kubernetesLabelValue`): 1 to 63 characters, alphanumeric at both ends. */
export const NAME_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z-_.]{0,61}[0-9A-Za-z])?$/

const resourceName = z.string().regex(NAME_PATTERN, {
  error: 'must be 1 to 63 letters, digits, hyphens, underscores or dots, starting and ending with a letter or digit',
})

export const ipv4 = z
  .string()
  .refine((text) => parseIPv4(text) !== null, { error: 'must be an IPv4 address', abort: true })

/** A CIDR prefix with no host bits set. */
export const cidr = z.string().check((ctx) => {
  const parsed = parseCidr(ctx.value)
  if (!parsed) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: 'must be an IPv4 prefix in CIDR notation, e.g. 10.0.0.0/24',
    })
  } else if (!parsed.canonical) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: 'the prefix has host bits set; use the network address',
    })
  }
})

/** An array of ids, each at most once. */
export function idList(maxItems: number, duplicate: string) {
  return z
    .array(z.string())
    .max(maxItems)
    .check((ctx) => {
      const seen = new Set<string>()
      ctx.value.forEach((id, i) => {
        if (seen.has(id)) ctx.issues.push({ code: 'custom', input: id, path: [i], message: duplicate })
        seen.add(id)
      })
    })
}

const tag = z.object({
  name: z.string().min(1, { error: 'must be 1 to 255 characters' }).max(255, { error: 'must be 1 to 255 characters' }),
  value: z.string().max(255),
})

export type Tag = z.output<typeof tag>

/** The platform's write metadata: a name, and optionally a description and tags (names unique). */
export const writeMetadata = z.object({
  name: resourceName,
  description: z.string().max(1024).optional(),
  tags: z
    .array(tag)
    .max(64)
    .check((ctx) => {
      const seen = new Set<string>()
      ctx.value.forEach((t, i) => {
        if (seen.has(t.name))
          ctx.issues.push({ code: 'custom', input: t.name, path: [i, 'name'], message: 'tag names must be unique' })
        seen.add(t.name)
      })
    })
    .optional(),
})

export type WriteMetadata = z.output<typeof writeMetadata>

/** A write body: `{metadata, spec}`. */
export function envelope<S extends z.ZodType>(spec: S) {
  return z.object({ metadata: writeMetadata, spec })
}
