// Model endpoints an organization may use ({aiproxy_url}/organizations/{organization_id}/endpoints).

import { queryOptions } from '@tanstack/react-query'
import { sendJson, type CallOptions } from './client'
import { modelKeys, type OrganizationFilter } from './keys'
import { seg, type ApiRequest } from './request'
import { modelEndpointListSchema, type ModelEndpoint } from './schemas/aiproxy'

export const modelRequests = {
  list: ({ organizationID }: OrganizationFilter): ApiRequest => ({
    service: 'aiproxy',
    method: 'GET',
    path: `/organizations/${seg(organizationID)}/endpoints`,
  }),
}

/** The `models` array of the answer `{models: […]}`. */
export async function listModels(scope: OrganizationFilter, options?: CallOptions): Promise<ModelEndpoint[]> {
  const answer = await sendJson(modelRequests.list(scope), modelEndpointListSchema, options)
  return answer.models
}

export const modelQueries = {
  all: modelKeys.all,
  lists: modelKeys.lists,
  list: (scope: OrganizationFilter) =>
    queryOptions({ queryKey: modelKeys.list(scope), queryFn: ({ signal }) => listModels(scope, { signal }) }),
}
