import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useParams, useRevalidator, type Params } from 'react-router'
import { isInUse } from '../../../api/errors'

import { pollWhileSettling } from '../../../api/settling'

import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { LinkRow } from '../../../components/detail/LinkRow'
import { RelatedLinks } from '../../../components/detail/RelatedLinks'
import { statusHeading } from '../../../components/detail/status-heading'
import { GroupNames } from '../../../components/GroupNames'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { setScope, useStoredScope } from '../../../lib/scope'
import { ProjectCrumb } from '../components/ProjectCrumb'
import { q, m } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(q(projectApi.detail, { organizationID, projectID: params.projectId! })),
)

export const handle = { crumb: (params: Params) => <ProjectCrumb projectId={params.projectId!} /> }

export function Component() {
  const projectId = useParams().projectId!
  const revalidator = useRevalidator()
  const scope = useStoredScope()
  const organizationID = scope.organizationId ?? ''
  const { data: project } = useSuspenseQuery({
    ...q(projectApi.detail, { organizationID, projectID: projectId }),
    // Poll while this project provisions (or is being deleted); stop once it has settled.
    refetchInterval: pollWhileSettling,
  })

  const inScope = scope.projectId === projectId
  const filter = { project: projectId }
  // What the project holds, as lists filtered to it: the section below links them all, a refused delete the first three.
  const held = [
    { label: 'Networks', to: paths.networks.list(filter) },
    { label: 'File storage', to: paths.fileStorage.list(filter) },
    { label: 'Instances', to: paths.instances.list(filter) },
    { label: 'Security groups', to: paths.securityGroups.list(filter) },
  ]

  return (
    <DetailPage
      {...statusHeading(project.metadata)}
      governs={resources.projects}
      edit={{ to: paths.projects.edit(projectId) }}
      lead={
        <Button
          variant="light"
          disabled={inScope}
          onClick={() => {
            setScope({ projectId })
            void revalidator.revalidate()
          }}
        >
          {inScope ? 'Working in this project' : 'Work in this project'}
        </Button>
      }
      actions={
        <DeleteResourceButton
          resource={resources.projects}
          name={project.metadata.name}
          mutation={m(projectApi.delete)}
          variables={{ organizationID, projectID: projectId }}
          consequences={
            <>
              The platform refuses while the project still holds networks, file storage, security groups or instances.
            </>
          }
          describeError={(error) =>
            isInUse(error) ? (
              <Stack gap={6}>
                <Text size="sm">{error.message}</Text>
                <LinkRow
                  gap="md"
                  links={held.slice(0, 3).map(({ label, to }) => ({ label: `Its ${label.toLowerCase()}`, to }))}
                />
              </Stack>
            ) : (
              error.message
            )
          }
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={project.metadata.id} label="project id" /> },
        { label: 'Provisioning', value: project.metadata.provisioningStatus },
        { label: 'Health', value: project.metadata.healthStatus },
        { label: 'Created', value: <RelativeTime value={project.metadata.creationTime} size="sm" span /> },
        { label: 'Last changed', value: <RelativeTime value={project.metadata.modifiedTime} size="sm" span /> },
        { label: 'Tags', value: <TagList tags={project.metadata.tags} /> },
      ]}
    >
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb={4}>
          Groups
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Members of these groups work in this project with their groups' roles.
        </Text>
        <GroupNames ids={project.spec.groupIDs} organizationID={organizationID} links />
      </Paper>
      <RelatedLinks title="In this project" links={held} />
    </DetailPage>
  )
}
