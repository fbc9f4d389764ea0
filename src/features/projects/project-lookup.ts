import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { projectQueries } from '../../api/projects'
import { ensureScope } from '../../lib/scope-loader'

/** A project's pages pick it from the organization's list (the one the scope switcher reads); an unknown id is a 404. */
export async function loadProject(queryClient: QueryClient, projectId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  if (!organizationId) throw data('Choose an organization first.', { status: 404 })
  const query = projectQueries.list({ organizationID: organizationId })
  let projects = await queryClient.ensureQueryData(query)
  // The cached list may predate a create a moment ago (lists not on screen are not refetched): ask once more.
  if (!projects.some((project) => project.metadata.id === projectId))
    projects = await queryClient.fetchQuery({ ...query, staleTime: 0 })
  if (!projects.some((project) => project.metadata.id === projectId))
    throw data(`There is no project ${projectId} in this organization.`, { status: 404 })
}
