import { ApiError } from './errors.ts'
import { parseCidr, parseIPv4 } from './ip.ts'

/**
 * Readers for request bodies. Each takes the JSON value and its JSON-pointer path and either returns a typed
 * value or throws 400 naming the path, in the style of the platform's schema validator. Messages never echo
 * the offending value.
 */
export function fieldError(path: string, message: string): ApiError {
  return new ApiError('invalid_request', `request body has an error: Error at "${path}": ${message}`)
}

export type Json = Record<string, unknown>

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function object(value: unknown, path: string): Json {
  if (value === undefined) throw fieldError(path, 'property is required')
  if (!isObject(value)) throw fieldError(path, 'value must be an object')
  return value
}

export function optionalObject(value: unknown, path: string): Json | undefined {
  return value === undefined ? undefined : object(value, path)
}

export function string(value: unknown, path: string): string {
  if (value === undefined) throw fieldError(path, 'property is required')
  if (typeof value !== 'string') throw fieldError(path, 'value must be a string')
  return value
}

export function optionalString(value: unknown, path: string): string | undefined {
  return value === undefined ? undefined : string(value, path)
}

export function boolean(value: unknown, path: string): boolean {
  if (value === undefined) throw fieldError(path, 'property is required')
  if (typeof value !== 'boolean') throw fieldError(path, 'value must be a boolean')
  return value
}

export function optionalBoolean(value: unknown, path: string): boolean | undefined {
  return value === undefined ? undefined : boolean(value, path)
}

export function integer(value: unknown, path: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) throw fieldError(path, 'property is required')
  if (typeof value !== 'number' || !Number.isInteger(value)) throw fieldError(path, 'value must be an integer')
  if (value < min) throw fieldError(path, `number must be at least ${min}`)
  if (value > max) throw fieldError(path, `number must be at most ${max}`)
  return value
}

export function optionalInteger(value: unknown, path: string, min: number, max?: number): number | undefined {
  return value === undefined ? undefined : integer(value, path, min, max)
}

export function array(value: unknown, path: string, maxItems = 1000): unknown[] {
  if (value === undefined) throw fieldError(path, 'property is required')
  if (!Array.isArray(value)) throw fieldError(path, 'value must be an array')
  if (value.length > maxItems) throw fieldError(path, `array must have at most ${maxItems} items`)
  return value
}

export function optionalArray(value: unknown, path: string, maxItems?: number): unknown[] | undefined {
  return value === undefined ? undefined : array(value, path, maxItems)
}

export function stringArray(value: unknown, path: string, maxItems?: number): string[] {
  return array(value, path, maxItems).map((item, i) => string(item, `${path}/${i}`))
}

export function optionalStringArray(value: unknown, path: string, maxItems?: number): string[] | undefined {
  return value === undefined ? undefined : stringArray(value, path, maxItems)
}

export function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  const text = string(value, path)
  if (!(allowed as readonly string[]).includes(text))
    throw fieldError(path, `value is not one of the allowed values ${allowed.map((a) => `"${a}"`).join(', ')}`)
  return text as T
}

const NAME_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z-_.]{0,61}[0-9A-Za-z])?$/

export function resourceName(value: unknown, path: string): string {
  const name = string(value, path)
  if (!NAME_PATTERN.test(name)) {
    throw fieldError(
      path,
      'must be 1 to 63 letters, digits, hyphens, underscores or dots, starting and ending with a letter or digit',
    )
  }
  return name
}

export function ipv4(value: unknown, path: string): string {
  const text = string(value, path)
  if (parseIPv4(text) === null) throw fieldError(path, 'must be an IPv4 address')
  return text
}

/** A CIDR prefix with no host bits set, returned in canonical form. */
export function cidr(value: unknown, path: string): string {
  const text = string(value, path)
  const parsed = parseCidr(text)
  if (!parsed) throw fieldError(path, 'must be an IPv4 prefix in CIDR notation, e.g. 10.0.0.0/24')
  if (!parsed.canonical) throw fieldError(path, 'the prefix has host bits set; use the network address')
  return text
}

export interface Tag {
  name: string
  value: string
}

export interface WriteMetadata {
  name: string
  description?: string
  tags?: Tag[]
}

/** The platform's write metadata: a name, and optionally a description and tags. */
export function writeMetadata(value: unknown, path = '/metadata'): WriteMetadata {
  const meta = object(value, path)
  const name = resourceName(meta.name, `${path}/name`)
  const description = optionalString(meta.description, `${path}/description`)
  if (description !== undefined && description.length > 1024)
    throw fieldError(`${path}/description`, 'must be at most 1024 characters')
  const tags = optionalArray(meta.tags, `${path}/tags`, 64)?.map((item, i) => {
    const tag = object(item, `${path}/tags/${i}`)
    const tagName = string(tag.name, `${path}/tags/${i}/name`)
    if (tagName.length === 0 || tagName.length > 255)
      throw fieldError(`${path}/tags/${i}/name`, 'must be 1 to 255 characters')
    const tagValue = string(tag.value, `${path}/tags/${i}/value`)
    if (tagValue.length > 255) throw fieldError(`${path}/tags/${i}/value`, 'must be at most 255 characters')
    return { name: tagName, value: tagValue }
  })
  if (tags) {
    const seen = new Set<string>()
    tags.forEach((tag, i) => {
      if (seen.has(tag.name)) throw fieldError(`${path}/tags/${i}/name`, 'tag names must be unique')
      seen.add(tag.name)
    })
  }
  return { name, ...(description !== undefined ? { description } : {}), ...(tags ? { tags } : {}) }
}

/** The body of a write request: `{metadata, spec}`, both objects. */
export function envelope(body: unknown, metadataRequired = true): { metadata: Json | undefined; spec: Json } {
  const root = object(body, '/')
  const metadata = metadataRequired ? object(root.metadata, '/metadata') : optionalObject(root.metadata, '/metadata')
  const spec = object(root.spec, '/spec')
  return { metadata, spec }
}
