import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { groupQueries } from '../../api/groups'
import { ensureScope } from '../../lib/scope-loader'

/** A group's page picks it from the organization's list; an unknown id is a 404. */
export async function loadGroup(queryClient: QueryClient, groupId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  if (!organizationId) throw data('Choose an organization first.', { status: 404 })
  const query = groupQueries.list({ organizationID: organizationId })
  let groups = await queryClient.ensureQueryData(query)
  // The cached list may predate a create a moment ago (lists not on screen are not refetched): ask once more.
  if (!groups.some((group) => group.metadata.id === groupId))
    groups = await queryClient.fetchQuery({ ...query, staleTime: 0 })
  if (!groups.some((group) => group.metadata.id === groupId))
    throw data(`There is no group ${groupId} in this organization.`, { status: 404 })
}
