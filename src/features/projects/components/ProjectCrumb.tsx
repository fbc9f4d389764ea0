import { useQuery } from '@tanstack/react-query'
import { useStoredScope } from '../../../lib/scope'
import { q } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'

/** The project's name in the breadcrumb, from the list the page loader filled. */
export function ProjectCrumb({ projectId }: { projectId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...q(projectApi.list, { organizationID }),
    enabled: Boolean(organizationID),
    select: (projects) => projects.find((p) => p.metadata.id === projectId)?.metadata.name,
  })
  return <>{data ?? projectId}</>
}
