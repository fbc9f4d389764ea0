import type { QueryClient } from '@tanstack/react-query'
import { isNotOffered } from '../api/errors'

import { getScope, resolveScope, setScope, type Scope } from './scope'
import { q } from '../api/endpoint'
import { organizationApi, projectApi } from '../api/identity'
import { regionApi } from '../api/catalogs'

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
    const [projects, regions] = await Promise.all([
      offered(queryClient.ensureQueryData(q(projectApi.list, { organizationID }))),
      offered(queryClient.ensureQueryData(q(regionApi.list, { organizationID }))),
    ])
    scope = resolveScope(scope, { organizations, projects: ids(projects), regions: ids(regions) }).scope
  }
  setScope(scope)
  return scope
}
