import type { RoleName } from '../demo/roles.ts'
import { ROLES } from '../demo/roles.ts'
import type { Principal } from './auth.ts'
import type { Method } from './context.ts'
import { forbidden } from './errors.ts'
import type { Store } from './store/store.ts'

/**
 * Role-based access, the platform's way: a role grants operations on named endpoints ("region:networks") either
 * across the organization or in the projects its groups are linked to. A principal holds the union of the roles of
 * the groups that list it (a user by id, a service account by id); the fixed admin tokens administer their
 * organization whatever the groups say.
 */

export type Operation = 'create' | 'read' | 'update' | 'delete'

/** Endpoints whose resources live in a project: a project-scoped grant covers them in that project only. */
const PROJECT_ENDPOINTS = [
  'region:networks',
  'region:securitygroups',
  'region:filestorage',
  'compute:instances',
] as const
const IDENTITY_ENDPOINTS = [
  'identity:users',
  'identity:serviceaccounts',
  'identity:groups',
  'identity:roles',
  'identity:projects',
] as const
/** What every member of an organization reads: the organization itself and what its regions offer. */
const CATALOG_ENDPOINTS = [
  'identity:organizations',
  'region:regions',
  'region:flavors',
  'region:images',
  'region:filestorageclasses',
] as const

type Endpoint =
  (typeof PROJECT_ENDPOINTS)[number] | (typeof IDENTITY_ENDPOINTS)[number] | (typeof CATALOG_ENDPOINTS)[number]

type Grants = Partial<Record<Endpoint, readonly Operation[]>>

const ALL: readonly Operation[] = ['create', 'read', 'update', 'delete']
const READ: readonly Operation[] = ['read']
const each = (names: readonly Endpoint[], ops: readonly Operation[]): Grants =>
  Object.fromEntries(names.map((name) => [name, ops]))

const MEMBER: Grants = each(CATALOG_ENDPOINTS, READ)

/** What each built-in role grants, across the organization and in each project its groups are linked to. */
const ROLE_GRANTS: Record<RoleName, { organization: Grants; project: Grants }> = {
  administrator: {
    organization: {
      ...MEMBER,
      'identity:organizations': ['read', 'update'],
      ...each(IDENTITY_ENDPOINTS, ALL),
      'identity:roles': READ,
      ...each(PROJECT_ENDPOINTS, ALL),
      // The organization's own images (its snapshots) are its administrators' to delete.
      'region:images': ['read', 'delete'],
    },
    project: {},
  },
  user: { organization: MEMBER, project: { 'identity:projects': READ, ...each(PROJECT_ENDPOINTS, ALL) } },
  reader: { organization: MEMBER, project: { 'identity:projects': READ, ...each(PROJECT_ENDPOINTS, READ) } },
  auditor: { organization: { ...MEMBER, ...each([...IDENTITY_ENDPOINTS, ...PROJECT_ENDPOINTS], READ) }, project: {} },
}

const ROLE_BY_ID = new Map(ROLES.map((role) => [role.id, role.name]))

type OperationMap = Map<Endpoint, Set<Operation>>

export interface Permissions {
  organizationId: string
  organization: OperationMap
  projects: Map<string, OperationMap>
}

function grant(target: OperationMap, grants: Grants): void {
  for (const [name, ops] of Object.entries(grants) as [Endpoint, readonly Operation[]][]) {
    const set = target.get(name) ?? new Set<Operation>()
    for (const op of ops) set.add(op)
    target.set(name, set)
  }
}

/** The ids of the user or service account the principal speaks for, as groups list them. */
function memberOf(store: Store, principal: Principal): { key: 'userIDs' | 'serviceAccountIDs'; id: string } | null {
  if (principal.serviceAccountId) return { key: 'serviceAccountIDs', id: principal.serviceAccountId }
  for (const user of store.users.values()) {
    if (user.organizationId !== principal.organizationId || user.meta.goneAt !== undefined) continue
    // Only an active user acts: a suspended or still pending one has no permissions.
    if (user.subject === principal.subject) return user.state === 'active' ? { key: 'userIDs', id: user.meta.id } : null
  }
  return null
}

export function permissionsOf(store: Store, principal: Principal): Permissions {
  const permissions: Permissions = {
    organizationId: principal.organizationId,
    organization: new Map(),
    projects: new Map(),
  }
  if (principal.organizationAdmin) {
    grant(permissions.organization, ROLE_GRANTS.administrator.organization)
    return permissions
  }
  const member = memberOf(store, principal)
  if (!member) return permissions
  for (const group of store.groups.values()) {
    if (group.organizationId !== principal.organizationId || !group[member.key].includes(member.id)) continue
    for (const roleId of group.roleIDs) {
      const role = ROLE_BY_ID.get(roleId)
      if (!role) continue
      grant(permissions.organization, ROLE_GRANTS[role].organization)
      if (Object.keys(ROLE_GRANTS[role].project).length === 0) continue
      for (const project of store.projects.values()) {
        if (project.organizationId !== principal.organizationId || project.meta.goneAt !== undefined) continue
        if (!project.groupIDs.includes(group.meta.id)) continue
        const ops = permissions.projects.get(project.meta.id) ?? new Map()
        grant(ops, ROLE_GRANTS[role].project)
        permissions.projects.set(project.meta.id, ops)
      }
    }
  }
  return permissions
}

/** May the principal do `op` on `endpoint` in this project (or, without one, anywhere in the organization)? */
function allows(permissions: Permissions, endpoint: Endpoint, op: Operation, projectId?: string): boolean {
  if (permissions.organization.get(endpoint)?.has(op)) return true
  if (projectId !== undefined) return permissions.projects.get(projectId)?.get(endpoint)?.has(op) ?? false
  for (const ops of permissions.projects.values()) if (ops.get(endpoint)?.has(op)) return true
  return false
}

const sorted = (ops: Set<Operation>) => ALL.filter((op) => ops.has(op))
const endpointsOf = (map: OperationMap) =>
  [...map].map(([name, ops]) => ({ name, operations: sorted(ops) })).sort((a, b) => a.name.localeCompare(b.name))

/** The platform's ACL document (`GET …/organizations/{organizationID}/acl`) for these permissions. */
export function aclDocument(permissions: Permissions) {
  return {
    organization: {
      id: permissions.organizationId,
      endpoints: endpointsOf(permissions.organization),
      projects: [...permissions.projects].map(([id, map]) => ({ id, endpoints: endpointsOf(map) })),
    },
  }
}

interface Requirement {
  endpoint: Endpoint
  op: Operation
}

/** Route paths (as the services declare them) to the endpoint they act on; the first match wins. */
const ROUTE_ENDPOINTS: [RegExp, Endpoint][] = [
  [/^\/api\/v2\/networks/, 'region:networks'],
  [/^\/api\/v2\/securitygroups/, 'region:securitygroups'],
  [/^\/api\/v2\/filestorageclasses/, 'region:filestorageclasses'],
  [/^\/api\/v2\/filestorage/, 'region:filestorage'],
  [/^\/api\/v2\/instances/, 'compute:instances'],
  [/\/regions\/:regionID\/flavors$/, 'region:flavors'],
  [/\/regions\/:regionID\/images(\/:imageID)?$/, 'region:images'],
  [/\/regions$/, 'region:regions'],
  [/\/organizations\/:organizationID\/users/, 'identity:users'],
  [/\/organizations\/:organizationID\/serviceaccounts/, 'identity:serviceaccounts'],
  [/\/organizations\/:organizationID\/groups/, 'identity:groups'],
  [/\/organizations\/:organizationID\/roles/, 'identity:roles'],
  [/\/organizations\/:organizationID\/projects/, 'identity:projects'],
  [/^\/api\/v1\/organizations(\/:organizationID)?$/, 'identity:organizations'],
]

/**
 * Reads that hand out control of an instance, so they take what changing it takes: its SSH private key and a
 * console session. Its boot log is a plain read.
 */
const CONTROL_READS = /^\/api\/v2\/instances\/:instanceID\/(sshkey|consolesession)$/

/** What a route needs, or null for routes every authenticated member may call (the ACL, the model listing). */
export function requirementOf(method: Method, path: string): Requirement | null {
  const endpoint = ROUTE_ENDPOINTS.find(([pattern]) => pattern.test(path))?.[1]
  if (!endpoint) return null
  if (method === 'GET') return { endpoint, op: CONTROL_READS.test(path) ? 'update' : 'read' }
  if (method === 'PUT') return { endpoint, op: 'update' }
  if (method === 'DELETE') return { endpoint, op: 'delete' }
  // POST creates on a collection; on an item it is an action (start, stop, reboot, rotate), which changes it.
  const within = path.replace(/^\/api\/v1\/organizations\/:organizationID/, '')
  return { endpoint, op: /\/:[A-Za-z]+ID(\/[a-z]+)?$/.test(within) ? 'update' : 'create' }
}

const ITEM_TABLES = {
  'region:networks': ['networkID', 'networks'],
  'region:securitygroups': ['securityGroupID', 'securityGroups'],
  'region:filestorage': ['filestorageID', 'fileStorage'],
  'compute:instances': ['instanceID', 'instances'],
} as const

/** The project of the resource a path names, when it names one that exists. */
function projectOfItem(store: Store, principal: Principal, endpoint: Endpoint, params: Record<string, string>) {
  const entry = ITEM_TABLES[endpoint as keyof typeof ITEM_TABLES]
  const id = entry && params[entry[0]]
  const item = id === undefined ? undefined : store[entry[1]].get(id)
  // Another organization's resource is left to the handler, which answers it as absent.
  return item?.organizationId === principal.organizationId ? item.projectId : undefined
}

/** The project a create body names: its spec's project, or the project of the network it names. */
function projectOfBody(store: Store, body: unknown): string | undefined {
  const spec = (body as { spec?: { projectId?: unknown; networkId?: unknown } } | null)?.spec
  if (typeof spec?.projectId === 'string') return spec.projectId
  if (typeof spec?.networkId === 'string') return store.networks.get(spec.networkId)?.projectId
  return undefined
}

const denied = (req: Requirement) =>
  forbidden(`you do not have permission to ${req.op} ${req.endpoint.split(':')[1]} in this scope`)

/**
 * The authorization hook: throws 403 when the principal may not call the route at all, or not on the resource its
 * path names. The returned check runs on the parsed body, where a create names its project.
 */
export function authorize(
  store: Store,
  principal: Principal,
  method: Method,
  path: string,
  params: Record<string, string>,
): <T>(body: T) => T {
  const req = requirementOf(method, path)
  if (!req) return (body) => body
  const permissions = permissionsOf(store, principal)
  if (!allows(permissions, req.endpoint, req.op, projectOfItem(store, principal, req.endpoint, params)))
    throw denied(req)
  if (req.op !== 'create') return (body) => body
  return (body) => {
    const projectId = projectOfBody(store, body)
    if (projectId !== undefined && !allows(permissions, req.endpoint, req.op, projectId)) throw denied(req)
    return body
  }
}
