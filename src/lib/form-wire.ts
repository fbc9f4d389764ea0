import type { FieldValues, Path } from 'react-hook-form'
import type { z } from 'zod/mini'
import type { Endpoint } from '../api/endpoint'
import type { FieldPath } from '../api/errors'

// A form's wire mapping knows both directions at once: the body it sends, and for a platform error path in that body
// (['spec', 'routes', 1, 'nexthop']) the form field that showed the value. Rows left blank are not sent, so a row's
// index in the body is not its index in the form; the mapping that dropped them is the one that can count back.

/** The form field a platform error path names, or undefined when no field owns it (the error goes above the form). */
export type PathOf<V extends FieldValues> = (path: FieldPath) => Path<V> | undefined

export interface Wire<B, V extends FieldValues> {
  body: B
  pathOf: PathOf<V>
}

/**
 * A form's write as its form module declares it: the schema of what the user edits, the endpoint it is sent to, and
 * the wire between them. Declared once beside the schema and the mapping, a route only adds where the form starts.
 */
export interface FormWrite<V extends FieldValues, P, B, R> {
  schema: z.ZodMiniType<V, V>
  endpoint: Endpoint<P, B, R>
  wire: (values: V) => Wire<B, V>
}

/** Declares a form's write: the types tie the schema's values to the wire, and the wire's body to the endpoint. */
export const formWrite = <V extends FieldValues, P, B, R>(write: FormWrite<V, P, B, R>) => write

/** The rows sent, and for each the form row it came from. */
export function keptRows<T>(rows: readonly T[], isBlank: (row: T) => boolean) {
  const formIndex = rows.flatMap((row, index) => (isBlank(row) ? [] : [index]))
  return { rows: formIndex.map((index) => rows[index]!), formRow: (sent: number) => formIndex[sent] }
}

/** A row editor as the wire sees it: the array's path in the body, and the form field of a sent row's column. */
export interface RowPaths<V extends FieldValues> {
  /** The array's path in the body, e.g. ['spec', 'routes']. */
  at: readonly string[]
  /** The form row that sent row `sent` came from. */
  formRow: (sent: number) => number | undefined
  /** The field of a column of that form row; `column` is undefined when the row is a value (a DNS address). */
  field: (row: number, column: string | undefined) => Path<V> | undefined
  /** The field for an error about the whole array, or a row that cannot be told. */
  whole?: Path<V>
}

const startsWith = (path: FieldPath, prefix: readonly (string | number)[]) =>
  prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment)

// An error path numbers array items (['spec', 'pools', 0]): a digit segment of a listed path is one such number.
const segmentsOf = (key: string) => key.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment))

/**
 * pathOf from the form's fields by body path (e.g. `{ 'metadata.name': 'name' }`; a path under a listed one maps to
 * it too, so `'spec.groupIDs'` takes `spec.groupIDs.3`; `'spec.pools.0.replicas'` names the first item's field), and
 * its row editors.
 */
export function pathsOf<V extends FieldValues>(
  fields: Readonly<Record<string, Path<V>>>,
  rows: readonly RowPaths<V>[] = [],
): PathOf<V> {
  const byPath = Object.entries(fields)
    .map(([key, field]) => ({ prefix: segmentsOf(key), field }))
    .sort((a, b) => b.prefix.length - a.prefix.length)
  return (path) => {
    for (const editor of rows) {
      if (!startsWith(path, editor.at)) continue
      const [index, column] = path.slice(editor.at.length)
      const row = typeof index === 'number' ? editor.formRow(index) : undefined
      if (row === undefined) return editor.whole
      return editor.field(row, typeof column === 'string' ? column : undefined) ?? editor.whole
    }
    return byPath.find(({ prefix }) => startsWith(path, prefix))?.field
  }
}

interface TagRow {
  name: string
  value: string
}

/** Tag rows as sent (a row without a name is left out), and the paths of `metadata.tags` back to the rows. */
export function keptTags<V extends { tags: TagRow[] }>(rows: readonly TagRow[]) {
  const kept = keptRows(rows, (row) => !row.name.trim())
  const paths: RowPaths<V> = {
    at: ['metadata', 'tags'],
    formRow: kept.formRow,
    field: (row, column) => `tags.${row}.${column === 'value' ? 'value' : 'name'}` as Path<V>,
  }
  return { tags: kept.rows.map((row) => ({ name: row.name.trim(), value: row.value.trim() })), paths }
}

/** A form's name, description and tag rows as the resource has them: where an edit form starts. */
export function metadataDefaults(metadata: { name: string; description?: string; tags?: readonly TagRow[] }) {
  return {
    name: metadata.name,
    description: metadata.description ?? '',
    tags: (metadata.tags ?? []).map((tag) => ({ name: tag.name, value: tag.value })),
  }
}

/**
 * A resource's name, description and tags as read, to be sent back unchanged by a write that replaces it whole (a
 * pool's scale, a cluster's upgrade): an empty description or tag list is left out, as the platform reads it.
 */
export function sentBackMetadata(metadata: { name: string; description?: string; tags?: readonly TagRow[] }) {
  return {
    name: metadata.name,
    ...(metadata.description && { description: metadata.description }),
    ...(metadata.tags?.length && { tags: metadata.tags.map(({ name, value }) => ({ name, value })) }),
  }
}

interface Placement {
  organizationId: string
  projectId: string
  regionId: string
}

/** Where a regional create form places the resource, as its spec says it, and the paths back to the pickers. */
export function placementOf<V extends Placement>({ organizationId, projectId, regionId }: Placement) {
  return {
    placement: { organizationId, projectId, regionId },
    placementFields: {
      'spec.organizationId': 'organizationId' as Path<V>,
      'spec.projectId': 'projectId' as Path<V>,
      'spec.regionId': 'regionId' as Path<V>,
    },
  }
}

/**
 * A form's metadata (name, description, tag rows) as written, empty parts left out, with the paths of its fields:
 * `metadata.name`, `metadata.description` and each sent tag back to its row.
 */
export function metadataOf<V extends { name: string; description: string; tags: TagRow[] }>(values: {
  name: string
  description: string
  tags: readonly TagRow[]
}) {
  const { tags, paths } = keptTags<V>(values.tags)
  const description = values.description.trim()
  return {
    metadata: { name: values.name.trim(), ...(description ? { description } : {}), ...(tags.length ? { tags } : {}) },
    fields: { 'metadata.name': 'name' as Path<V>, 'metadata.description': 'description' as Path<V> },
    tagPaths: paths,
  }
}
