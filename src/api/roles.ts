// Platform extension (not in the interface spec): roles of an organization
// ({identity_url}/api/v1/organizations/{organizationID}/roles).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { roleKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { roleSchema, type Role } from './schemas/identity'

export const roleRequests = {
  // Platform extension (not in the interface spec): list roles.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'identity',
    method: 'GET',
    path: `/api/v1/organizations/${seg(organizationID)}/roles`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listRoles(scope: OrganizationFilter, options?: CallOptions): Promise<Role[]> {
  return sendJson(roleRequests.list(scope), z.array(roleSchema), options)
}

export const roleQueries = {
  all: roleKeys.all,
  lists: roleKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({ queryKey: roleKeys.list(scope), queryFn: ({ signal }) => listRoles(scope, { signal }) }),
}
