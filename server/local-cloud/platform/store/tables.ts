import type { Through, ThroughOf, UsingKind } from '../../../../src/lib/resources.ts'
import type { OrganizationRecord } from './records.ts'

/**
 * The store's tables: each one's name (in the snapshot, the journal and as a `Store` property, `store.networks`) and
 * its record type. The kit names no service: each resource's service file adds its table here and registers it,
 *
 *   declare module '../../platform/store/tables.ts' { interface Tables { networks: NetworkRecord } }
 *   registerTable('networks', { projectId: (network) => [network.projectId] })
 *
 * and every store, and the demo data's empty state (`demo/builder.ts`), has it from then on. Records are keyed by
 * `meta.id` and named by `meta.name` (see `Table`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the service files' declarations
export interface Tables {}

type Declared<K> = K extends UsingKind ? ThroughOf<K> : never

/** The records of each table, and the organizations' own (kept beside the tables, not in one). */
type Records = Tables & { organizations: OrganizationRecord }

/**
 * What a table's records name, by each field its rows say it uses others through (`Resource.usedBy`): a security
 * group's `networkId` is the network's id. A record with such a field (`networkId`, `projectId`, the organization's
 * `providerID`) must answer for it: declared as a use in the row it names, or said here not to block its delete
 * (`'does not block'`). A new kind placed in a network therefore fails typecheck until someone decided whether the
 * network may go while it is there.
 */
export type NamesOf<K extends keyof Records> = {
  readonly [F in Declared<K> | (keyof Records[K] & Through)]: F extends Declared<K>
    ? (record: Records[K]) => readonly string[]
    : 'does not block'
}

type AnyNames = Readonly<Partial<Record<string, ((record: never) => readonly string[]) | 'does not block'>>>

const registered = new Map<string, AnyNames>()
let organizationNames: AnyNames = {}

/** Declares a table at load time of its service file, with what its records name (`NamesOf`). */
export function registerTable<K extends keyof Tables>(name: K, names: NamesOf<K>): void {
  registered.set(name, names as AnyNames)
}

/**
 * Declares what the organization's own record names (its sign-in provider), at load time of its service file: a use
 * at the organization's level, found as a table's are (`namesThrough('organizations', …)`).
 */
export function registerOrganization(names: NamesOf<'organizations'>): void {
  organizationNames = names as AnyNames
}

/**
 * Every registered table exists in every store, even one opened over a snapshot written before the table did (it
 * starts empty there); tables in a snapshot exist whether registered or not.
 */
export function tableNames(): ReadonlySet<string> {
  return new Set(registered.keys())
}

/** The ids a record of table `name` names through `field`; throws for a table or field never registered. */
export function namesThrough(name: string, field: string): (record: unknown) => readonly string[] {
  const names = (name === 'organizations' ? organizationNames : registered.get(name))?.[field]
  if (typeof names !== 'function')
    throw new Error(`the ${name} table registers no ${field}: its service file's registerTable must`)
  return names as (record: unknown) => readonly string[]
}
