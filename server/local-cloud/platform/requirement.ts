import { resources, type Place, type Resource } from '../../../src/lib/resources.ts'
import type { Store } from './store/store.ts'

/**
 * What a local-cloud route needs of its caller, declared beside the route (`route(method, path, needs, handler)`,
 * `resourceRoutes(collection, idParam, endpoint, handlers)`). The platform service refuses a route that declares
 * nothing, so a new route cannot fall through to "any signed-in caller may".
 */

export type Operation = 'create' | 'read' | 'update' | 'delete'

type Rows = typeof resources

/** The name the platform checks today (`Resource.api.permission`) of each row that lives in one of `places`. */
type CurrentName<Places> = {
  [K in keyof Rows]: Rows[K] extends { api: { lives: Places; permission: infer Name } } ? Name : never
}[keyof Rows]

const currentNames = <Places extends Place['lives']>(...places: Places[]) =>
  (Object.values(resources) as Resource[]).flatMap(({ api }) =>
    api && places.includes(api.lives as Places) ? [api.permission as CurrentName<Places>] : [],
  )

/**
 * Endpoints whose resources live in a project: a project-scoped grant covers them in that project only. The names
 * are the platform's, as each row declares them: its v2 regional handlers, and its own console, check the `:v2` names.
 */
export const PROJECT_ENDPOINTS = currentNames('region', 'project')
/** The organization's own resources, each row's name, and its roles, which have no row (the console only lists them). */
export const IDENTITY_ENDPOINTS = [...currentNames('organization'), 'identity:roles' as const]
/** What every member of an organization reads: the organization itself and what its regions offer. */
export const CATALOG_ENDPOINTS = [
  'identity:organizations',
  'region:regions',
  'region:flavors',
  'region:images',
  'region:filestorageclasses',
  'storage:objectstorageendpointclasses',
  'nks:platformreleases',
] as const

export type Endpoint =
  | (typeof PROJECT_ENDPOINTS)[number]
  | (typeof IDENTITY_ENDPOINTS)[number]
  | (typeof CATALOG_ENDPOINTS)[number]

/**
 * The platform's older names of some endpoints, which roles written before the current names may still grant: the
 * console asks for any of a row's names (`Resource.acl`), the local cloud's roles grant only the current one
 * (`Resource.api.permission`, or for the catalogs, which have no `api`, the one below).
 */
export const OLDER_NAMES: Readonly<Record<string, Endpoint>> = {
  ...Object.fromEntries(
    (Object.values(resources) as Resource[]).flatMap(({ acl, api }) =>
      api ? acl.filter((name) => name !== api.permission).map((name) => [name, api.permission as Endpoint]) : [],
    ),
  ),
  'compute:flavors': 'region:flavors',
  'compute:images': 'region:images',
}

/**
 * A route open to every authenticated member of the organization it names; its handler checks the organization
 * (the caller's own ACL, its quotas, the model listing).
 */
export const ANY_MEMBER = 'any member'

/** Where the item a path names lives, when it names one that exists. */
export type ItemOf = (
  store: Store,
  params: Record<string, string>,
) => { organizationId: string; projectId: string } | undefined

/**
 * An operation on one of the platform's endpoints, or only membership. A route on one project resource says how to
 * find it (`item`), so that a project-scoped grant covers that item in its own project only; the regional kit
 * (`regional-resource.ts`) declares it for its routes.
 */
export type Requirement = { endpoint: Endpoint; op: Operation; item?: ItemOf } | typeof ANY_MEMBER

const ENDPOINTS = new Set<string>([...PROJECT_ENDPOINTS, ...IDENTITY_ENDPOINTS, ...CATALOG_ENDPOINTS])
const OPERATIONS = new Set<string>(['create', 'read', 'update', 'delete'])

/** Whether `needs` is a requirement at all: checked at startup, since a route built around the types has none. */
export function isRequirement(needs: unknown): needs is Requirement {
  if (needs === ANY_MEMBER) return true
  const { endpoint, op } = (needs ?? {}) as { endpoint?: unknown; op?: unknown }
  return typeof endpoint === 'string' && ENDPOINTS.has(endpoint) && typeof op === 'string' && OPERATIONS.has(op)
}
