// Platform extension (not in the interface spec): groups of an organization
// ({identity_url}/api/v1/organizations/{organizationID}/groups). Users, service accounts and projects refer to them
// by id (groupIDs).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { groupKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { groupSchema, type Group } from './schemas/identity'

export const groupRequests = {
  // Platform extension (not in the interface spec): list groups.
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'identity',
    method: 'GET',
    path: `/api/v1/organizations/${seg(organizationID)}/groups`,
  }),
}

// Platform extension (not in the interface spec): list.
export function listGroups(scope: OrganizationFilter, options?: CallOptions): Promise<Group[]> {
  return sendJson(groupRequests.list(scope), z.array(groupSchema), options)
}

export const groupQueries = {
  all: groupKeys.all,
  lists: groupKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({ queryKey: groupKeys.list(scope), queryFn: ({ signal }) => listGroups(scope, { signal }) }),
}
