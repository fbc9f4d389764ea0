import type { QueryClient } from '@tanstack/react-query'
import { data } from 'react-router'
import { serviceAccountQueries } from '../../api/serviceAccounts'
import { ensureScope } from '../../lib/scope-loader'

/** No GET for one service account: its pages pick it from the organization's list; an unknown id is a 404. */
export async function loadServiceAccount(queryClient: QueryClient, serviceAccountId: string): Promise<void> {
  const { organizationId } = await ensureScope(queryClient)
  const accounts = organizationId ? await queryClient.ensureQueryData(serviceAccountQueries.list({ organizationID: organizationId })) : []
  if (!accounts.some((account) => account.metadata.id === serviceAccountId)) {
    throw data(`There is no service account ${serviceAccountId} in this organization.`, { status: 404 })
  }
}
