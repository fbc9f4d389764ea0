import { useQuery } from '@tanstack/react-query'
import { userQueries } from '../../../api/users'
import { useStoredScope } from '../../../lib/scope'

/** The user's address in the breadcrumb, from the list the page loader filled. */
export function UserCrumb({ userId }: { userId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...userQueries.list({ organizationID }),
    enabled: Boolean(organizationID),
    select: (users) => users.find((u) => u.metadata.id === userId)?.spec.subject,
  })
  return <>{data ?? userId}</>
}
