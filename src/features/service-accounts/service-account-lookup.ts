import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { serviceAccountQueries } from '../../api/serviceAccounts'
import { ensureScope } from '../../lib/scope-loader'

/** No GET for one service account: its pages pick it from the organization's list; an unknown id is a 404. */
export async function loadServiceAccount(queryClient: QueryClient, serviceAccountId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  if (!organizationId) throw data('Choose an organization first.', { status: 404 })
  const query = serviceAccountQueries.list({ organizationID: organizationId })
  let accounts = await queryClient.ensureQueryData(query)
  // The cached list may predate a create a moment ago (lists not on screen are not refetched): ask once more.
  if (!accounts.some((account) => account.metadata.id === serviceAccountId))
    accounts = await queryClient.fetchQuery({ ...query, staleTime: 0 })
  if (!accounts.some((account) => account.metadata.id === serviceAccountId)) {
    throw data(`There is no service account ${serviceAccountId} in this organization.`, { status: 404 })
  }
}
