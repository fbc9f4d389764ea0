// Platform extension (not in the interface spec): organizations the caller may see ({identity_url}/api/v1/organizations).

import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { sendJson, type CallOptions } from './client'
import { organizationKeys } from './keys'
import type { ApiRequest } from './request'
import { organizationSchema, type Organization } from './schemas/identity'

export const organizationRequests = {
  // Platform extension (not in the interface spec): list organizations.
  list: (): ApiRequest => ({ service: 'identity', method: 'GET', path: '/api/v1/organizations' }),
}

// Platform extension (not in the interface spec): list.
export function listOrganizations(options?: CallOptions): Promise<Organization[]> {
  return sendJson(organizationRequests.list(), z.array(organizationSchema), options)
}

export const organizationQueries = {
  all: organizationKeys.all,
  lists: organizationKeys.lists,
  list: () =>
    queryOptions({ queryKey: organizationKeys.list({}), queryFn: ({ signal }) => listOrganizations({ signal }) }),
}
