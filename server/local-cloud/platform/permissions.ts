import type { RoleName } from '../catalog/roles.ts'
import { ROLES } from '../catalog/roles.ts'
import type { Principal } from './auth.ts'
import { forbidden } from './errors.ts'
import { orNull } from './filters.ts'
import {
  ANY_MEMBER,
  CATALOG_ENDPOINTS,
  IDENTITY_ENDPOINTS,
  PROJECT_ENDPOINTS,
  type Endpoint,
  type Operation,
  type Requirement,
} from './requirement.ts'
import type { Store } from './store/store.ts'

/**
 * Role-based access, the platform's way: a role grants operations on named endpoints ("region:networks:v2") either
 * across the organization or in the projects its groups are linked to. A principal holds the union of the roles of
 * the groups that list it (a user by id, a service account by id); the fixed admin tokens administer their
 * organization whatever the groups say.
 */

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
      // The organization's own images (its snapshots and imports) are its administrators' to import and delete.
      'region:images': ['create', 'read', 'delete'],
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

/**
 * Whether the principal may read `endpoint` in a project: a list answers only those items, as the platform's lists
 * drop each item its caller may not read (so a filter naming a project outside his roles yields an empty list).
 */
export function readableIn(store: Store, principal: Principal, endpoint: Endpoint): (projectId: string) => boolean {
  const permissions = permissionsOf(store, principal)
  return (projectId) => allows(permissions, endpoint, 'read', projectId)
}

const sorted = (ops: Set<Operation>) => ALL.filter((op) => ops.has(op))
const endpointsOf = (map: OperationMap) =>
  [...map].map(([name, ops]) => ({ name, operations: sorted(ops) })).sort((a, b) => a.name.localeCompare(b.name))

/** The platform's ACL document (`GET …/organizations/{organizationID}/acl`) for these permissions. */
export function aclDocument(permissions: Permissions) {
  return {
    organization: {
      id: permissions.organizationId,
      endpoints: orNull(endpointsOf(permissions.organization)),
      projects: orNull([...permissions.projects].map(([id, map]) => ({ id, endpoints: endpointsOf(map) }))),
    },
  }
}

type Needed = Exclude<Requirement, typeof ANY_MEMBER>

/** The project of the resource a path names, when it names one that exists in the caller's organization. */
function projectOfItem(store: Store, principal: Principal, req: Needed, params: Record<string, string>) {
  const item = req.item?.(store, params)
  // Another organization's resource is left to the handler, which answers it as absent.
  return item?.organizationId === principal.organizationId ? item.projectId : undefined
}

/** The project a create body names: its spec's project, or the project of the network or cluster it names. */
function projectOfBody(store: Store, body: unknown): string | undefined {
  const spec = (body as { spec?: { projectId?: unknown; networkId?: unknown; clusterId?: unknown } } | null)?.spec
  if (typeof spec?.projectId === 'string') return spec.projectId
  if (typeof spec?.networkId === 'string') return store.networks.get(spec.networkId)?.projectId
  if (typeof spec?.clusterId === 'string') return store.clusters.get(spec.clusterId)?.projectId
  return undefined
}

const denied = (req: Needed) =>
  forbidden(`you do not have permission to ${req.op} ${req.endpoint.split(':')[1]} in this scope`)

/**
 * The authorization hook: throws 403 when the principal may not call the route at all, or not on the resource its
 * path names. The returned check runs on the parsed body, where a create names its project. A route open to any
 * member passes here; its handler checks the organization it names.
 */
export function authorize(
  store: Store,
  principal: Principal,
  req: Requirement,
  params: Record<string, string>,
): <T>(body: T) => T {
  if (req === ANY_MEMBER) return (body) => body
  const permissions = permissionsOf(store, principal)
  if (!allows(permissions, req.endpoint, req.op, projectOfItem(store, principal, req, params))) throw denied(req)
  if (req.op !== 'create') return (body) => body
  return (body) => {
    const projectId = projectOfBody(store, body)
    if (projectId !== undefined && !allows(permissions, req.endpoint, req.op, projectId)) throw denied(req)
    return body
  }
}
