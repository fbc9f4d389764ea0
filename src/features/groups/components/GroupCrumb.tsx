import { useQuery } from '@tanstack/react-query'
import { useStoredScope } from '../../../lib/scope'
import { q } from '../../../api/endpoint'
import { groupApi } from '../../../api/identity'

/** The group's name in the breadcrumb, from the list the page loader filled. */
export function GroupCrumb({ groupId }: { groupId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...q(groupApi.list, { organizationID }),
    enabled: Boolean(organizationID),
    select: (groups) => groups.find((g) => g.metadata.id === groupId)?.metadata.name,
  })
  return <>{data ?? groupId}</>
}
