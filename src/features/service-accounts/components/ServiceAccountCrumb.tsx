import { useQuery } from '@tanstack/react-query'
import { useStoredScope } from '../../../lib/scope'
import { q } from '../../../api/endpoint'
import { serviceAccountApi } from '../../../api/identity'

/** The account's name in the breadcrumb, from the list the page loader filled. */
export function ServiceAccountCrumb({ serviceAccountId }: { serviceAccountId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...q(serviceAccountApi.list, { organizationID }),
    enabled: Boolean(organizationID),
    select: (accounts) => accounts.find((a) => a.metadata.id === serviceAccountId)?.metadata.name,
  })
  return <>{data ?? serviceAccountId}</>
}
