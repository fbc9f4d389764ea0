// What a write changes beyond its own resource, derived from the rows' usage declaration (`Resource.usedBy`): the
// cache families the rows' "in use" states and filtered views live in.

import { resources, type ResourceName } from '../lib/resources'

const names = Object.keys(resources) as ResourceName[]

/** The kinds whose items `kind`'s items use: a network for an instance, its security groups, its project. */
const usedByKind = (kind: string): ResourceName[] =>
  names.filter((name) => resources[name].usedBy.some((use) => use.kind === kind))

/** The kinds whose items use `kind`'s items. */
const usersOfKind = (kind: string): ResourceName[] =>
  kind in resources ? resources[kind as ResourceName].usedBy.map((use) => use.kind as ResourceName) : []

/**
 * The families a write on `kind` refreshes besides its own: every write may change what its item uses (their pages
 * say what uses them, their delete asks it), and a delete the views filtered by the item (a network's security groups).
 */
export function relatedFamilies(kind: string, op: string): (readonly [ResourceName])[] {
  if (op !== 'create' && op !== 'update' && op !== 'delete') return []
  const related = new Set([...usedByKind(kind), ...(op === 'delete' ? usersOfKind(kind) : [])])
  return [...related].map((name) => [name] as const)
}
