import { useStoredScope } from '../../../lib/scope'
import { useScopeNames } from '../../../lib/use-scope-names'

/** The project's name in the breadcrumb, from the list the scope check loaded (the id until it is known). */
export function ProjectCrumb({ projectId }: { projectId: string }) {
  const { projectName } = useScopeNames(useStoredScope().organizationId ?? '')
  return <>{projectName.get(projectId) ?? projectId}</>
}
