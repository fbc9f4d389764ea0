import type { Handler } from '../../platform/context.ts'
import { Router } from '../../platform/router.ts'
import { getGroup, listGroups, listRoles } from './groups.ts'
import { getOrganization, listOrganizations } from './organizations.ts'
import { createProject, deleteProject, getProject, listProjects, updateProject } from './projects.ts'
import {
  createServiceAccount,
  deleteServiceAccount,
  listServiceAccounts,
  rotateServiceAccount,
  updateServiceAccount,
} from './service-accounts.ts'
import { createUser, deleteUser, listUsers, updateUser } from './users.ts'

/** The identity API ({identity_url} = /local/identity). */
export function identityRouter(): Router<Handler> {
  const org = '/api/v1/organizations/:organizationID'
  return new Router<Handler>()
    .add('GET', '/api/v1/organizations', listOrganizations)
    .add('GET', org, getOrganization)
    .add('GET', `${org}/users`, listUsers)
    .add('POST', `${org}/users`, createUser)
    .add('PUT', `${org}/users/:userID`, updateUser)
    .add('DELETE', `${org}/users/:userID`, deleteUser)
    .add('GET', `${org}/serviceaccounts`, listServiceAccounts)
    .add('POST', `${org}/serviceaccounts`, createServiceAccount)
    .add('PUT', `${org}/serviceaccounts/:serviceAccountID`, updateServiceAccount)
    .add('DELETE', `${org}/serviceaccounts/:serviceAccountID`, deleteServiceAccount)
    .add('POST', `${org}/serviceaccounts/:serviceAccountID/rotate`, rotateServiceAccount)
    .add('GET', `${org}/groups`, listGroups)
    .add('GET', `${org}/groups/:groupid`, getGroup)
    .add('GET', `${org}/roles`, listRoles)
    .add('GET', `${org}/projects`, listProjects)
    .add('POST', `${org}/projects`, createProject)
    .add('GET', `${org}/projects/:projectID`, getProject)
    .add('PUT', `${org}/projects/:projectID`, updateProject)
    .add('DELETE', `${org}/projects/:projectID`, deleteProject)
}
