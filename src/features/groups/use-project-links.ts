import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { m, q } from '../../api/endpoint'
import { withTraceIds } from '../../api/errors'
import { projectApi } from '../../api/identity'
import { projectLinks } from './group-form'

/**
 * Links a saved group to exactly the chosen projects: each project lists its groups, so each change is that project's
 * update, sent one after the other from the projects as the platform has them now. A refused one is said with the
 * platform's words and the project's name; the others still go.
 */
export function useProjectLinks(organizationID: string) {
  const client = useQueryClient()
  const update = useMutation(m(projectApi.update))
  return async (groupId: string, groupName: string, wanted: readonly string[]) => {
    const projects = await client.fetchQuery({ ...q(projectApi.list, { organizationID }), staleTime: 0 })
    for (const { project, body } of projectLinks(projects, groupId, wanted)) {
      await update.mutateAsync({ organizationID, projectID: project.metadata.id, body }).catch((error: Error) =>
        notifications.show({
          color: 'red',
          title: `Project ${project.metadata.name} was not changed`,
          message: withTraceIds(
            `It was to ${body.spec.groupIDs.includes(groupId) ? 'list' : 'stop listing'} group ${groupName}. ${error.message}`,
            error,
          ),
        }),
      )
    }
  }
}
