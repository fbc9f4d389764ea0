import type { Store } from './store/store.ts'

/**
 * What a local-cloud route needs of its caller, declared beside the route (`route(method, path, needs, handler)`,
 * `resourceRoutes(collection, idParam, endpoint, handlers)`). The platform service refuses a route that declares
 * nothing, so a new route cannot fall through to "any signed-in caller may".
 */

export type Operation = 'create' | 'read' | 'update' | 'delete'

/**
 * Endpoints whose resources live in a project: a project-scoped grant covers them in that project only. The names
 * are the platform's: its v2 regional handlers, and its own console, check the `:v2` names.
 */
export const PROJECT_ENDPOINTS = [
  'region:networks:v2',
  'region:securitygroups:v2',
  'region:filestorage:v2',
  'compute:instances',
] as const
export const IDENTITY_ENDPOINTS = [
  'identity:users',
  'identity:serviceaccounts',
  'identity:groups',
  'identity:roles',
  'identity:projects',
  'identity:oauth2providers',
] as const
/** What every member of an organization reads: the organization itself and what its regions offer. */
export const CATALOG_ENDPOINTS = [
  'identity:organizations',
  'region:regions',
  'region:flavors',
  'region:images',
  'region:filestorageclasses',
] as const

export type Endpoint =
  (typeof PROJECT_ENDPOINTS)[number] | (typeof IDENTITY_ENDPOINTS)[number] | (typeof CATALOG_ENDPOINTS)[number]

/**
 * The platform's older names of some endpoints, which roles written before the current names may still grant: the
 * console asks for either (`Resource.acl`), the local cloud's roles grant only the current ones.
 */
export const OLDER_NAMES: Readonly<Record<string, Endpoint>> = {
  'region:networks': 'region:networks:v2',
  'region:securitygroups': 'region:securitygroups:v2',
  'region:filestorage': 'region:filestorage:v2',
  'region:servers': 'compute:instances',
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
