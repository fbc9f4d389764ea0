import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { FieldValues } from 'react-hook-form'
import { q, type Endpoint } from '../../api/endpoint'
import type { RegionalListFilters } from '../../api/request'

type Sibling = { metadata: { id: string; name: string } }

/**
 * A name a form keeps unique itself, where the platform keeps no name unique (its region and compute services have no
 * conflict check): `siblings` reads the resource's own list where the name must be unique (cached for its list page,
 * or fetched), and a name one of them other than `exceptId` holds is said at the `name` field in `message`, without
 * sending.
 */
export interface UniqueName<V extends FieldValues> {
  message: string
  siblings: (valid: V) => Promise<readonly Sibling[]>
  exceptId?: string
}

/** The `uniqueName` of a form whose `name` field must differ from `siblings` but `exceptId` (the item being edited). */
export function useUniqueName<V extends FieldValues & { name: string }>(
  message: string | undefined,
  siblings: (valid: V, client: QueryClient) => Promise<readonly Sibling[]>,
  exceptId?: string,
): UniqueName<V> | undefined {
  const client = useQueryClient()
  if (message === undefined) return undefined
  return { message, exceptId, siblings: (valid) => siblings(valid, client) }
}

/** The list filters of the project `item` lives in, where a regional name must be unique. */
export function inProject(item: { metadata: { organizationId: string; projectId: string } }) {
  return { organizationID: [item.metadata.organizationId], projectID: [item.metadata.projectId] }
}

/** A regional create form's siblings: the resource's own list in the project the values place it in. */
export const inPlacedProject =
  <R extends Sibling>(list: Endpoint<RegionalListFilters, undefined, R[]>) =>
  (valid: { organizationId: string; projectId: string }, client: QueryClient) =>
    client.fetchQuery(q(list, { organizationID: [valid.organizationId], projectID: [valid.projectId] }))

/**
 * The platform's 409 for a taken name, told from a write's other conflicts (a network with no free address) by its
 * sentence: the platform's conflict for an existing resource says it "already exists".
 */
export const TAKEN_NAME = /already exists/i
