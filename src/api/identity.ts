// The identity service ({identity_url}/api/v1/organizations/{organizationID}/…): users, service accounts, projects,
// groups, roles and the organizations themselves. The platform serves no GET for one user, service account or
// project: their details are picked from the organization's list (selectedFromList).

import { endpoint, listEndpoint, selectedFromList, type Family } from './endpoint'
import { seg } from './request'
import {
  groupSchema,
  groupWriteSchema,
  organizationSchema,
  organizationWriteSchema,
  projectCreateSchema,
  projectSchema,
  roleSchema,
  serviceAccountSchema,
  serviceAccountWriteSchema,
  userSchema,
  userWriteSchema,
} from './schemas/identity'
import type { OrganizationScope } from './regions'

const organization = ({ organizationID }: OrganizationScope) => `/api/v1/organizations/${seg(organizationID)}`
const identity = { service: 'identity' } as const

type OrganizationReadSpec<R> = Parameters<typeof endpoint<OrganizationScope, undefined, R>>[0]

/**
 * A read of one document the organization has in the identity service besides its resources (its ACL, its quotas):
 * a GET of `…/organizations/{organizationID}/<document>`, cached under the document's name.
 */
export function organizationRead<R>(
  document: OrganizationReadSpec<R>['resource'],
  spec: Pick<OrganizationReadSpec<R>, 'op' | 'read' | 'staleTime'>,
) {
  return endpoint<OrganizationScope, undefined, R>({
    ...spec,
    ...identity,
    resource: document,
    method: 'GET',
    path: (scope) => `${organization(scope)}/${document}`,
  })
}

export const organizationApi = {
  // Platform extension (not in the interface spec): organizations the caller may see.
  list: listEndpoint({
    ...identity,
    resource: 'organizations',
    path: () => '/api/v1/organizations',
    item: organizationSchema,
  }),
  detail: endpoint({
    ...identity,
    resource: 'organizations',
    op: 'detail',
    method: 'GET',
    path: organization,
    read: organizationSchema,
  }),
  // The answer is 200 with no body: the organization and the list, which feeds the scope switcher, are read again.
  update: endpoint({
    ...identity,
    resource: 'organizations',
    op: 'update',
    method: 'PUT',
    path: organization,
    write: organizationWriteSchema,
    effects: { invalidates: [['organizations']] },
  }),
}

// ---- Users ------------------------------------------------------------------------------------------------------

interface UserRef extends OrganizationScope {
  userID: string
}
const users = (scope: OrganizationScope) => `${organization(scope)}/users`
const user = (ref: UserRef) => `${users(ref)}/${seg(ref.userID)}`

// A user's groupIDs are the groups' membership seen from the other side: every user change refreshes the groups too.
const userChange: readonly Family[] = [['users'], ['groups']]

const userList = listEndpoint({
  ...identity,
  resource: 'users',
  path: users,
  item: userSchema,
})

export const userApi = {
  // Platform extension (not in the interface spec): list users.
  list: userList,
  detail: selectedFromList({
    resource: 'users',
    list: userList,
    listParams: ({ organizationID }: UserRef) => ({ organizationID }),
    id: (ref) => ref.userID,
    missing: (ref) => `There is no user ${ref.userID} in this organization.`,
  }),
  create: endpoint({
    ...identity,
    resource: 'users',
    op: 'create',
    method: 'POST',
    path: users,
    write: userWriteSchema,
    read: userSchema,
    effects: { invalidates: userChange },
  }),
  update: endpoint({
    ...identity,
    resource: 'users',
    op: 'update',
    method: 'PUT',
    path: user,
    write: userWriteSchema,
    read: userSchema,
    effects: { seed: (_saved, { organizationID, userID }) => ({ organizationID, userID }), invalidates: userChange },
  }),
  // Platform extension (not in the interface spec): delete a user.
  delete: endpoint({
    ...identity,
    resource: 'users',
    op: 'delete',
    method: 'DELETE',
    path: user,
    effects: { invalidates: [['users', 'list'], ['groups']] },
  }),
}

// ---- Service accounts -------------------------------------------------------------------------------------------

interface ServiceAccountRef extends OrganizationScope {
  serviceAccountID: string
}
const accounts = (scope: OrganizationScope) => `${organization(scope)}/serviceaccounts`
const account = (ref: ServiceAccountRef) => `${accounts(ref)}/${seg(ref.serviceAccountID)}`

// Groups list their service accounts (serviceAccountIDs), so membership changes refresh the groups too. The create
// and rotate answers carry the token, shown once: they are deliberately not put into the cache.
const accountChange: readonly Family[] = [['serviceAccounts'], ['groups']]

const accountList = listEndpoint({
  ...identity,
  resource: 'serviceAccounts',
  path: accounts,
  item: serviceAccountSchema,
})

export const serviceAccountApi = {
  // Platform extension (not in the interface spec): list service accounts.
  list: accountList,
  detail: selectedFromList({
    resource: 'serviceAccounts',
    list: accountList,
    listParams: ({ organizationID }: ServiceAccountRef) => ({ organizationID }),
    id: (ref) => ref.serviceAccountID,
    missing: (ref) => `There is no service account ${ref.serviceAccountID} in this organization.`,
  }),
  // Platform extension (not in the interface spec): create; the token is in the answer, once.
  create: endpoint({
    ...identity,
    resource: 'serviceAccounts',
    op: 'create',
    method: 'POST',
    path: accounts,
    write: serviceAccountWriteSchema,
    read: serviceAccountSchema,
    effects: { invalidates: accountChange },
  }),
  update: endpoint({
    ...identity,
    resource: 'serviceAccounts',
    op: 'update',
    method: 'PUT',
    path: account,
    write: serviceAccountWriteSchema,
    read: serviceAccountSchema,
    effects: { invalidates: accountChange },
  }),
  // Platform extension (not in the interface spec): delete.
  delete: endpoint({
    ...identity,
    resource: 'serviceAccounts',
    op: 'delete',
    method: 'DELETE',
    path: account,
    effects: { invalidates: [['serviceAccounts', 'list'], ['groups']] },
  }),
  // Platform extension (not in the interface spec): a new token, returned once; the previous one stops working. The
  // expiry moves, so the account is refetched.
  rotate: endpoint({
    ...identity,
    resource: 'serviceAccounts',
    op: 'rotate',
    method: 'POST',
    path: (ref: ServiceAccountRef) => `${account(ref)}/rotate`,
    read: serviceAccountSchema,
    effects: { invalidates: [['serviceAccounts']] },
  }),
}

// ---- Projects ---------------------------------------------------------------------------------------------------

interface ProjectRef extends OrganizationScope {
  projectID: string
}
const projects = (scope: OrganizationScope) => `${organization(scope)}/projects`
const project = (ref: ProjectRef) => `${projects(ref)}/${seg(ref.projectID)}`

const projectList = listEndpoint({
  ...identity,
  resource: 'projects',
  path: projects,
  item: projectSchema,
})

// The scope switcher reads the projects list, so every change refreshes it.
export const projectApi = {
  // Platform extension (not in the interface spec): list projects.
  list: projectList,
  detail: selectedFromList({
    resource: 'projects',
    list: projectList,
    listParams: ({ organizationID }: ProjectRef) => ({ organizationID }),
    id: (ref) => ref.projectID,
    missing: (ref) => `There is no project ${ref.projectID} in this organization.`,
  }),
  // Provisioning is asynchronous: the answer (202) shows the project still provisioning.
  create: endpoint({
    ...identity,
    resource: 'projects',
    op: 'create',
    method: 'POST',
    path: projects,
    write: projectCreateSchema,
    read: projectSchema,
    effects: { invalidates: [['projects', 'list']] },
  }),
  // Platform extension (not in the interface spec): update (the create body). The answer, 200, has no body.
  update: endpoint({
    ...identity,
    resource: 'projects',
    op: 'update',
    method: 'PUT',
    path: project,
    write: projectCreateSchema,
    effects: { invalidates: [['projects']] },
  }),
  // Platform extension (not in the interface spec): delete a project.
  delete: endpoint({
    ...identity,
    resource: 'projects',
    op: 'delete',
    method: 'DELETE',
    path: project,
    effects: { invalidates: [['projects', 'list']] },
  }),
}

// ---- Groups and roles -------------------------------------------------------------------------------------------

interface GroupRef extends OrganizationScope {
  groupID: string
}
const groups = (scope: OrganizationScope) => `${organization(scope)}/groups`
const group = (ref: GroupRef) => `${groups(ref)}/${seg(ref.groupID)}`

// A group's members see it from their side (a user's or service account's groupIDs), so every group change refreshes
// them too; projects name groups, and a deleted group leaves them.
const groupChange: readonly Family[] = [['groups'], ['users'], ['serviceAccounts']]

export const groupApi = {
  list: listEndpoint({ ...identity, resource: 'groups', path: groups, item: groupSchema }),
  detail: endpoint({ ...identity, resource: 'groups', op: 'detail', method: 'GET', path: group, read: groupSchema }),
  // 201 with the group.
  create: endpoint({
    ...identity,
    resource: 'groups',
    op: 'create',
    method: 'POST',
    path: groups,
    write: groupWriteSchema,
    read: groupSchema,
    effects: { invalidates: groupChange },
  }),
  // The whole group is replaced; 200 with no body.
  update: endpoint({
    ...identity,
    resource: 'groups',
    op: 'update',
    method: 'PUT',
    path: group,
    write: groupWriteSchema,
    effects: { invalidates: groupChange },
  }),
  delete: endpoint({
    ...identity,
    resource: 'groups',
    op: 'delete',
    method: 'DELETE',
    path: group,
    effects: { invalidates: [...groupChange, ['projects']] },
  }),
}

export const roleApi = {
  list: listEndpoint({
    ...identity,
    resource: 'roles',
    path: (scope: OrganizationScope) => `${organization(scope)}/roles`,
    item: roleSchema,
  }),
}
