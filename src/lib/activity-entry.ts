// How the console words an entry of its activity log: the Activity page's rows and the overview's recent changes.

import type { ActivityEntry } from '../api/activity'
import { outcomeOf, type Outcome } from './activity-outcome'
import { pathsOf } from './paths'
import { createVerb, resources, singular, type Resource } from './resources'

/**
 * The resource a log entry's kind names (`region:networks`: the service and the collection its path wrote to), by
 * the collection in one of the rows' ACL names: the regional API's `region:instances` is the row named
 * `compute:instances`, and a new row is named here with nothing added.
 */
const collection = (name: string) => name.split(':')[1]
const rowOf = (kind: string): Resource | undefined =>
  Object.values<Resource>(resources).find((resource) =>
    resource.acl.some((name) => collection(name) === collection(kind)),
  )

/** A kind as its row words it (`singular`, `plural`), else as its collection. */
export const kindWord = (kind: string, word: (row: Resource) => string) => {
  const row = rowOf(kind)
  return row ? word(row) : (collection(kind) ?? kind)
}

// Said as the request asked, whatever came of it: the outcome stands beside it.
const VERBS: Record<string, string> = { POST: 'Create', PUT: 'Change', PATCH: 'Change', DELETE: 'Delete' }

export const OUTCOMES: { value: Outcome; label: string; color: string }[] = [
  { value: 'succeeded', label: 'Succeeded', color: 'green' },
  { value: 'failed', label: 'Failed', color: 'red' },
  { value: 'unknown', label: 'Outcome unknown', color: 'yellow' },
]

/** What the platform keeps inside one of a row's items, by its path segment: it has no page of its own. */
const INSIDE: Record<string, string> = { servers: 'server', accesskeys: 'access key' }

/**
 * A write to what is kept inside one of the row's items (a placement's server, an endpoint's access key): the word
 * for it, and its parent, whose page shows it. Undefined for a write to the item itself.
 */
function insideOf(row: Resource | undefined, path: string): { word: string; parentId: string } | undefined {
  const collection = row?.api?.collection
  if (!collection?.startsWith('/') || !path.startsWith(`${collection}/`)) return undefined
  const [parentId, segment] = path.slice(collection.length + 1).split('/')
  const word = segment && INSIDE[segment]
  return word && parentId ? { word, parentId } : undefined
}

/** One change as a sentence's parts: "Import image" and the resource, linked where it has a page; how it ended. */
export function describeChange(entry: ActivityEntry) {
  const row = rowOf(entry.kind)
  const outcome = OUTCOMES.find((o) => o.value === outcomeOf(entry))!
  const label = entry.resourceName ?? entry.resourceId
  const inside = insideOf(row, entry.path)
  // A resource that still exists has a page; a deleted one, or a write that may not have been carried out, does not.
  // What is kept inside another is shown on its parent's page.
  const pageOf = inside?.parentId ?? entry.resourceId
  const href =
    row?.page && pageOf && (inside || entry.method !== 'DELETE') && outcome.value === 'succeeded'
      ? pathsOf(row).item(pageOf)
      : undefined
  // A create as its form words it: "Import image", "Add user".
  const verb = entry.action
    ? `${entry.action[0]!.toUpperCase()}${entry.action.slice(1)}`
    : entry.method === 'POST' && row && !inside
      ? createVerb(row)
      : (VERBS[entry.method] ?? entry.method)
  const kind = inside ? `${kindWord(entry.kind, singular)} ${inside.word}` : kindWord(entry.kind, singular)
  return { verb, kind, label, href, outcome }
}
