import { useQuery } from '@tanstack/react-query'
import { groupQueries } from '../../../api/groups'
import { useStoredScope } from '../../../lib/scope'

/** The group's name in the breadcrumb, from the list the page loader filled. */
export function GroupCrumb({ groupId }: { groupId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...groupQueries.list({ organizationID }),
    enabled: Boolean(organizationID),
    select: (groups) => groups.find((g) => g.metadata.id === groupId)?.metadata.name,
  })
  return <>{data ?? groupId}</>
}
