import { useQuery } from '@tanstack/react-query'
import { serviceAccountQueries } from '../../../api/serviceAccounts'
import { useStoredScope } from '../../../lib/scope'

/** The account's name in the breadcrumb, from the list the page loader filled. */
export function ServiceAccountCrumb({ serviceAccountId }: { serviceAccountId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...serviceAccountQueries.list({ organizationID }),
    enabled: Boolean(organizationID),
    select: (accounts) => accounts.find((a) => a.metadata.id === serviceAccountId)?.metadata.name,
  })
  return <>{data ?? serviceAccountId}</>
}
