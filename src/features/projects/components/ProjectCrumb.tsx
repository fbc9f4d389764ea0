import { useQuery } from '@tanstack/react-query'
import { projectQueries } from '../../../api/projects'
import { useStoredScope } from '../../../lib/scope'

/** The project's name in the breadcrumb, from the list the page loader filled. */
export function ProjectCrumb({ projectId }: { projectId: string }) {
  const organizationID = useStoredScope().organizationId ?? ''
  const { data } = useQuery({
    ...projectQueries.list({ organizationID }),
    enabled: Boolean(organizationID),
    select: (projects) => projects.find((p) => p.metadata.id === projectId)?.metadata.name,
  })
  return <>{data ?? projectId}</>
}
