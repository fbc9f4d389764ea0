import type { z } from 'zod/mini'

// What the forms' unit tests (`src/features/*/*-form.test.ts`) build their cases from.

/** A platform error path from its dotted spelling: 'spec.routes.1.nexthop' is ['spec', 'routes', 1, 'nexthop']. */
export const at = (path: string) => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))

/** What a form's schema refuses in the values, as 'path: message' lines; none when it accepts them. */
export function issuesOf(schema: z.ZodMiniType, values: unknown): string[] {
  const result = schema.safeParse(values)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

type TagRow = { name: string; value: string }

/** A create form's name, no description, and a tag typed above a blank row, which the wire must leave out. */
export function namedValues(name: string, tag: TagRow) {
  return { name, description: '', tags: [tag, { name: '', value: '' }] }
}

/** namedValues of a regional create form, placed in project ml of organization acme, in region eu-west-1. */
export function placedValues(name: string, tag: TagRow) {
  return { ...namedValues(name, tag), organizationId: 'acme', projectId: 'ml', regionId: 'eu-west-1' }
}

/** A stored resource's metadata: its id and name and the fixture's own fields, around what the platform adds. */
export function storedMetadata<M extends object = object>(id: string, name: string, fields: M = {} as M) {
  return {
    id,
    name,
    organizationId: 'o',
    creationTime: '2025-01-01T00:00:00Z',
    provisioningStatus: 'provisioned' as const,
    healthStatus: 'healthy' as const,
    ...fields,
  }
}
