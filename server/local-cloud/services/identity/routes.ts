import { route } from '../../platform/context.ts'
import { getAcl } from './acl.ts'
import { getGroup, listGroups, listRoles } from './groups.ts'
import { getOrganization, listOrganizations } from './organizations.ts'
import { listQuotas } from './quotas.ts'
import { createProject, deleteProject, getProject, listProjects, updateProject } from './projects.ts'
import {
  createServiceAccount,
  deleteServiceAccount,
  listServiceAccounts,
  rotateServiceAccount,
  updateServiceAccount,
} from './service-accounts.ts'
import { createUser, deleteUser, listUsers, updateUser } from './users.ts'

const org = '/api/v1/organizations/:organizationID'
/** The identity API ({identity_url} = /local/identity). */
export const identityRoutes = [
  route('GET', '/api/v1/organizations', listOrganizations),
  route('GET', org, getOrganization),
  route('GET', `${org}/acl`, getAcl),
  route('GET', `${org}/users`, listUsers),
  route('POST', `${org}/users`, createUser),
  route('PUT', `${org}/users/:userID`, updateUser),
  route('DELETE', `${org}/users/:userID`, deleteUser),
  route('GET', `${org}/serviceaccounts`, listServiceAccounts),
  route('POST', `${org}/serviceaccounts`, createServiceAccount),
  route('PUT', `${org}/serviceaccounts/:serviceAccountID`, updateServiceAccount),
  route('DELETE', `${org}/serviceaccounts/:serviceAccountID`, deleteServiceAccount),
  route('POST', `${org}/serviceaccounts/:serviceAccountID/rotate`, rotateServiceAccount),
  route('GET', `${org}/groups`, listGroups),
  route('GET', `${org}/groups/:groupid`, getGroup),
  route('GET', `${org}/roles`, listRoles),
  route('GET', `${org}/quotas`, listQuotas),
  route('GET', `${org}/projects`, listProjects),
  route('POST', `${org}/projects`, createProject),
  route('GET', `${org}/projects/:projectID`, getProject),
  route('PUT', `${org}/projects/:projectID`, updateProject),
  route('DELETE', `${org}/projects/:projectID`, deleteProject),
]
