import { Paper } from '../../../components/mantine/Paper'
import { readQuery } from '../../../api/read'
import { fileStorageReads } from '../file-storage-reads'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'

import { CopyableId } from '../../../components/CopyableId'
import { DeleteResourceButton } from '../../../components/DeleteResourceButton'
import { DetailPage } from '../../../components/DetailPage'
import { statusHeading } from '../../../components/detail/status-heading'
import { RelativeTime } from '../../../components/RelativeTime'
import { TagList } from '../../../components/TagList'
import { useNames } from '../../../lib/use-names'
import { formatBytes, formatNumber } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { resourceRoute } from '../../../lib/route-module'
import { AttachmentsTable } from '../components/AttachmentsTable'
import { SnapshotPoliciesTable } from '../components/SnapshotPoliciesTable'
import { protectionText } from '../snapshot-policies'
import { nameCrumb } from '../../../components/NameCrumb'
import { UsageBar } from '../components/UsageBar'
import { GiB, rootSquashOf } from '../file-storage-form'
import { m } from '../../../api/endpoint'
import { fileStorageApi } from '../../../api/fileStorage'
import { resources } from '../../../lib/resources'
import { useRegionalItem } from '../../../lib/use-regional-item'

/** "20 TiB (20,480 GiB)"; just "80 GiB" when the human unit already is GiB. */
function sizeText(sizeGiB: number): string {
  const human = formatBytes(sizeGiB * GiB)
  const exact = `${formatNumber(sizeGiB)} GiB`
  return human === exact ? exact : `${human} (${exact})`
}

export const { loader } = resourceRoute((queryClient, params) =>
  queryClient.ensureQueryData(readQuery(fileStorageReads.item(params.fileStorageId!))),
)

export const handle = nameCrumb(fileStorageApi.detail, 'fileStorageId', (filestorageID) => ({ filestorageID }))

export function Component() {
  const fileStorageId = useParams().fileStorageId!
  // Polls while the storage or any attachment is still provisioning, so each attachment's progress shows.
  const { item: storage, projectName, regionName } = useRegionalItem(fileStorageReads.item(fileStorageId))
  const related = fileStorageReads.related(storage)
  const classes = useQuery(readQuery(related.classes))
  const networkName = useNames(related.networkNames)
  const storageClass = classes.data?.find((c) => c.metadata.id === storage.status.storageClassId)
  const rootSquash = rootSquashOf(storage)
  const attachments = storage.status.attachments ?? []

  return (
    <DetailPage
      {...statusHeading(storage.metadata)}
      governs={resources.fileStorage}
      edit={{ to: paths.fileStorage.edit(fileStorageId) }}
      actions={
        <DeleteResourceButton
          resource={resources.fileStorage}
          name={storage.metadata.name}
          mutation={m(fileStorageApi.delete)}
          variables={{ filestorageID: fileStorageId }}
          consequences={
            <Text size="sm">
              {storage.status.usage?.usedBytes === undefined
                ? 'Its data is erased'
                : `Its ${formatBytes(storage.status.usage.usedBytes)} of data is erased`}
              , and instances that mount it lose access.
            </Text>
          }
        />
      }
      details={[
        { label: 'ID', value: <CopyableId value={storage.metadata.id} label="file storage id" /> },
        { label: 'Size', value: sizeText(storage.spec.sizeGiB) },
        {
          label: 'Storage class',
          value: storageClass
            ? `${storageClass.metadata.name}${storageClass.spec?.protocols.length ? ` (${storageClass.spec.protocols.join(', ')})` : ''}`
            : storage.status.storageClassId,
        },
        {
          label: 'Root squash',
          value:
            rootSquash === undefined
              ? 'Not reported'
              : rootSquash
                ? 'On: root on a client acts as an unprivileged user'
                : 'Off: root on a client is root on the share',
        },
        {
          label: 'Default snapshot protection',
          value: protectionText(storage.spec.defaultSnapshotProtectionEnabled),
        },
        {
          label: 'Region',
          value: regionName ?? storage.status.regionId,
        },
        { label: 'Project', value: projectName ?? storage.metadata.projectId },
        { label: 'Created', value: <RelativeTime value={storage.metadata.creationTime} size="sm" span /> },
        { label: 'Created by', value: storage.metadata.createdBy ?? '—' },
        { label: 'Tags', value: <TagList tags={storage.metadata.tags} /> },
      ]}
    >
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Usage
        </Title>
        <UsageBar usage={storage.status.usage} label={`${storage.metadata.name} usage`} />
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="xs">
          Snapshot policies
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Scheduled snapshots, in UTC, each kept as its policy says.
        </Text>
        <SnapshotPoliciesTable storage={storage} />
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="xs">
          Attachments
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Instances on an attached network mount the file system over NFS from the mount source.
        </Text>
        {attachments.length === 0 ? (
          <Text size="sm">
            Not attached to any network yet.{' '}
            <Text
              component={Link}
              to={paths.fileStorage.edit(fileStorageId)}
              c="var(--mantine-color-anchor)"
              size="sm"
              td="underline"
            >
              Attach a network
            </Text>
          </Text>
        ) : (
          <AttachmentsTable
            storageName={storage.metadata.name}
            attachments={attachments}
            networkName={(id) => networkName.get(id)}
          />
        )}
      </Paper>
    </DetailPage>
  )
}
