import { useQuery } from '@tanstack/react-query'
import { readQuery } from '../../../api/read'
import { useStoredScope } from '../../../lib/scope'
import { groupReads } from '../group-reads'

/** The group's name in the breadcrumb, from the group the page's loader read. */
export function GroupCrumb({ groupId }: { groupId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...readQuery(groupReads(groupId, organizationID).group),
    enabled: Boolean(organizationID),
    select: (group) => group.metadata.name,
  })
  return <>{data ?? groupId}</>
}
