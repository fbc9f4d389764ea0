import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { groupQueries } from '../../api/groups'
import { ensureScope } from '../../lib/scope-loader'

/** A group's page picks it from the organization's list; an unknown id is a 404. */
export async function loadGroup(queryClient: QueryClient, groupId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  const groups = organizationId ? await queryClient.ensureQueryData(groupQueries.list({ organizationID: organizationId })) : []
  if (!groups.some((group) => group.metadata.id === groupId)) throw data(`There is no group ${groupId} in this organization.`, { status: 404 })
}
