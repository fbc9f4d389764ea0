import type { QueryClient } from '@tanstack/react-query'
import { isNotOffered } from '../api/errors'

import { getScope, resolveScope, setScope, type Scope } from './scope'
import { q } from '../api/endpoint'
import { organizationApi, projectApi } from '../api/identity'
import { regionApi } from '../api/regions'
import { aclApi } from '../api/acl'

/** The list, or undefined when the backend does not offer it (the scope then trusts typed ids). */
async function offered<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load
  } catch (error) {
    if (isNotOffered(error)) return undefined
    throw error
  }
}

const ids = (list: { metadata: { id: string } }[] | undefined) => list?.map((item) => ({ id: item.metadata.id }))

/**
 * Every page loader starts here: the stored scope checked against what exists (organizations, then the chosen
 * organization's projects and regions), corrected in the store when an id is gone. Cached by the query client, so
 * after the first page it costs nothing.
 */
export async function ensureScope(queryClient: QueryClient): Promise<Scope> {
  const organizations = ids(await offered(queryClient.ensureQueryData(q(organizationApi.list, {}))))
  let { scope } = resolveScope(getScope(), { organizations })
  const organizationID = scope.organizationId
  if (organizationID) {
    // Not waited for: no loader needs it, but the shell's navigation and the pages' create buttons do. Asked here,
    // beside the scope's own lists, it is in before the first page renders, which then renders once, not again
    // when it lands.
    void queryClient.prefetchQuery(q(aclApi.organization, { organizationID }))
    const [projects, regions] = await Promise.all([
      offered(queryClient.ensureQueryData(q(projectApi.list, { organizationID }))),
      offered(queryClient.ensureQueryData(q(regionApi.list, { organizationID }))),
    ])
    scope = resolveScope(scope, { organizations, projects: ids(projects), regions: ids(regions) }).scope
  }
  setScope(scope)
  return scope
}
