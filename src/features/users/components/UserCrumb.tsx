import { useQuery } from '@tanstack/react-query'
import { useStoredScope } from '../../../lib/scope'
import { q } from '../../../api/endpoint'
import { userApi } from '../../../api/identity'

/** The user's address in the breadcrumb, from the list the page loader filled. */
export function UserCrumb({ userId }: { userId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...q(userApi.list, { organizationID }),
    enabled: Boolean(organizationID),
    select: (users) => users.find((u) => u.metadata.id === userId)?.spec.subject,
  })
  return <>{data ?? userId}</>
}
