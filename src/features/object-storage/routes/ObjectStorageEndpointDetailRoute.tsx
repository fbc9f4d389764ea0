import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { m } from '../../../api/endpoint'
import { objectStorageEndpointApi } from '../../../api/objectStorage'
import { readQuery } from '../../../api/read'
import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { stateItems } from '../../../components/detail/state-items'
import { statusHeading } from '../../../components/detail/status-heading'
import { Code } from '../../../components/mantine/Code'
import { Paper } from '../../../components/mantine/Paper'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { nameCrumb } from '../../../components/NameCrumb'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { paths } from '../../../lib/paths'
import { resources } from '../../../lib/resources'
import { resourceRoute } from '../../../lib/route-module'
import { useRegionalItem } from '../../../lib/use-regional-item'
import { AccessKeys } from '../components/AccessKeys'
import { objectStorageEndpointReads } from '../object-storage-reads'
import { classLabel } from '../object-storage-classes'

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(objectStorageEndpointReads.item(params.objectStorageEndpointId!))),
)

export const handle = nameCrumb(
  objectStorageEndpointApi.detail,
  'objectStorageEndpointId',
  (objectStorageEndpointID) => ({ objectStorageEndpointID }),
)

export function Component() {
  const id = useParams().objectStorageEndpointId!
  const { item: endpoint, projectName, regionName } = useRegionalItem(objectStorageEndpointReads.item(id))
  const related = objectStorageEndpointReads.related(endpoint)
  const classes = useQuery(readQuery(related.classes))
  const keys = useQuery(readQuery(related.accessKeys))
  const endpointClass = classes.data?.find((c) => c.metadata.id === endpoint.spec.objectStorageEndpointClassId)
  const dnsName = endpoint.status.exposure?.public?.dnsName
  return (
    <DetailPage
      {...statusHeading(endpoint.metadata)}
      governs={resources.objectStorageEndpoints}
      edit={{ to: paths.objectStorageEndpoints.edit(id) }}
      actions={
        <>
          <DeleteResourceButton
            resource={resources.objectStorageEndpoints}
            name={endpoint.metadata.name}
            mutation={m(objectStorageEndpointApi.delete)}
            variables={{ objectStorageEndpointID: id }}
            consequences={
              keys.data?.length
                ? `Its ${keys.data.length === 1 ? 'access key goes' : `${keys.data.length} access keys go`} with it, and every bucket made through it.`
                : 'Every bucket made through it goes with it.'
            }
          />
        </>
      }
      details={[
        { label: 'ID', value: <CopyableId value={endpoint.metadata.id} label="object storage endpoint id" /> },
        {
          label: 'Public DNS name',
          value: dnsName ? (
            <CopyableId value={dnsName} label="public DNS name" />
          ) : endpointClass && !endpointClass.spec.supportedEndpointType.includes('public') ? (
            'None: a private endpoint'
          ) : (
            'Not yet provisioned'
          ),
        },
        {
          label: 'Endpoint class',
          value: endpointClass ? classLabel(endpointClass) : endpoint.spec.objectStorageEndpointClassId,
        },
        { label: 'Region', value: regionName ?? endpoint.status.regionId },
        { label: 'Project', value: projectName ?? endpoint.metadata.projectId },
        ...stateItems(endpoint.metadata),
        { label: 'Created', value: <RelativeTime value={endpoint.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: endpoint.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={endpoint.metadata.tags} /> },
      ]}
    >
      <AccessKeys endpoint={endpoint} />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="policies-title">
        <Title order={2} size="h4" mb="xs" id="policies-title">
          Identity policies
        </Title>
        {endpoint.spec.identityPolicies.length === 0 ? (
          <Text size="sm" c="dimmed">
            None. Edit the endpoint to add one: access keys are bound to a policy.
          </Text>
        ) : (
          <Stack gap="md">
            {endpoint.spec.identityPolicies.map((policy) => (
              <div key={policy.name}>
                <Text size="sm" fw="var(--mantine-font-weight-medium)" mb={4}>
                  {policy.name}
                </Text>
                <Code
                  block
                  aria-label={`Policy ${policy.name}`}
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                >
                  {JSON.stringify(policy.document, null, 2)}
                </Code>
              </div>
            ))}
          </Stack>
        )}
      </Paper>
    </DetailPage>
  )
}
