import type { Endpoint } from '../../api/endpoint'
import type { UsedItem } from '../InUseBy'

export type Listed = { metadata: { id: string; name: string; projectId?: string; provisioningStatus?: string } }

/**
 * How a list deletes one of its rows: the resource's delete endpoint and what it is called with. A list that passes
 * one to `ListPage` offers bulk delete; the endpoint table already says what else the delete refreshes.
 */
export interface RowDelete<T> {
  // The endpoint's parameters differ per resource; `variables` builds the right ones from the row.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tied to `variables` by `rowDelete`
  endpoint: Endpoint<any, undefined, any>
  variables: (row: T, organizationID: string) => object
  /** The item "In use by" looks up: its id and the project its users live in (a project's own id for a project). */
  item: (row: T) => UsedItem
  /** What a delete does beyond removing the row, for the confirmation ("Their disks are erased."). */
  consequence?: string
}

/** A list's delete, with the endpoint's parameters checked against what `variables` builds. */
export function rowDelete<T extends Listed, P extends object, R>(
  endpoint: Endpoint<P, undefined, R>,
  variables: (row: T, organizationID: string) => P,
  options: Partial<Pick<RowDelete<T>, 'item' | 'consequence'>> = {},
): RowDelete<T> {
  return {
    endpoint,
    variables,
    item: options.item ?? ((row) => ({ id: row.metadata.id, projectId: row.metadata.projectId })),
    consequence: options.consequence,
  }
}

/** Why a row is left out of a bulk delete: the platform is deleting it already. */
export const alreadyGoing = (row: Listed, kind: string): string | undefined =>
  row.metadata.provisioningStatus === 'deprovisioning' ? `The ${kind} is already being deleted.` : undefined

/** What a row is called where a user reads it: a user's address (the platform's name for one is not shown), else its name. */
export function rowName(row: Listed & { spec?: unknown }): string {
  const subject = (row.spec as { subject?: unknown } | undefined)?.subject
  return typeof subject === 'string' ? subject : row.metadata.name
}
