import { Button } from '../../../components/mantine/Button'
import { readQuery } from '../../../api/read'
import { projectReads } from '../project-reads'
import { Paper } from '../../../components/mantine/Paper'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useParams, useRevalidator } from 'react-router'
import { pollWhileSettling } from '../../../api/settling'

import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { RelatedList, relatedItem } from '../../../components/detail/RelatedList'
import { InstanceState } from '../../../components/InstanceState'
import { statusHeading } from '../../../components/detail/status-heading'
import { GroupNames } from '../../../components/GroupNames'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { scopedRoute } from '../../../lib/route-module'
import { setScope, useStoredScope } from '../../../lib/scope'
import { q, m } from '../../../api/endpoint'
import { projectApi } from '../../../api/identity'
import { resources } from '../../../lib/resources'
import { stateItems } from '../../../components/detail/state-items'
import { listCrumb } from '../../../components/NameCrumb'

export const { loader } = scopedRoute((queryClient, { params, organizationID }) =>
  queryClient.ensureQueryData(q(projectApi.detail, { organizationID, projectID: params.projectId! })),
)

export const handle = listCrumb(projectApi.list, 'projectId')

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
  // What the project holds, each named with its state; each list links to the whole list filtered to the project.
  const reads = projectReads(projectId, organizationID)
  const networks = useQuery(readQuery(reads.networks))
  const storage = useQuery(readQuery(reads.fileStorage))
  const instances = useQuery(readQuery(reads.instances))
  const groups = useQuery(readQuery(reads.securityGroups))

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
          item={{ id: projectId, projectId }}
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={project.metadata.id} label="project id" /> },
        ...stateItems(project.metadata),
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
      <RelatedList
        title="In this project"
        groups={[
          {
            title: 'Networks',
            listTo: paths.networks.list(filter),
            none: 'No network in this project.',
            items: networks.data?.map((item) => relatedItem(item, paths.networks.item)),
          },
          {
            title: 'File storage',
            listTo: paths.fileStorage.list(filter),
            none: 'No file storage in this project.',
            items: storage.data?.map((item) => relatedItem(item, paths.fileStorage.item)),
          },
          {
            title: 'Instances',
            listTo: paths.instances.list(filter),
            none: 'No instance in this project.',
            items: instances.data?.map((item) =>
              relatedItem(item, paths.instances.item, <InstanceState instance={item} />),
            ),
          },
          {
            title: 'Security groups',
            listTo: paths.securityGroups.list(filter),
            none: 'No security group in this project.',
            items: groups.data?.map((item) => relatedItem(item, paths.securityGroups.item)),
          },
        ]}
      />
    </DetailPage>
  )
}
