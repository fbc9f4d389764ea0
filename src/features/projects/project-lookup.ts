import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { projectQueries } from '../../api/projects'
import { ensureScope } from '../../lib/scope-loader'

/** A project's pages pick it from the organization's list (the one the scope switcher reads); an unknown id is a 404. */
export async function loadProject(queryClient: QueryClient, projectId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  const projects = organizationId ? await queryClient.ensureQueryData(projectQueries.list({ organizationID: organizationId })) : []
  if (!projects.some((project) => project.metadata.id === projectId)) throw data(`There is no project ${projectId} in this organization.`, { status: 404 })
}
