import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { userQueries } from '../../api/users'
import { ensureScope } from '../../lib/scope-loader'

/**
 * The platform has no GET for one user: a user's page loads the organization's list and picks from it. An id the
 * list does not hold is a 404, like any other missing page.
 */
export async function loadUser(queryClient: QueryClient, userId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  if (!organizationId) throw data('Choose an organization first.', { status: 404 })
  const query = userQueries.list({ organizationID: organizationId })
  let users = await queryClient.ensureQueryData(query)
  // The cached list may predate a create a moment ago (lists not on screen are not refetched): ask once more.
  if (!users.some((user) => user.metadata.id === userId))
    users = await queryClient.fetchQuery({ ...query, staleTime: 0 })
  if (!users.some((user) => user.metadata.id === userId))
    throw data(`There is no user ${userId} in this organization.`, { status: 404 })
}
