import { Paper } from '../../../components/mantine/Paper'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Title } from '../../../components/mantine/Title'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { readQuery, type Read } from '../../../api/read'
import { isNotOffered } from '../../../api/errors'
import type { ServiceVersion, VersionedService } from '../../../api/versions'
import { documentMatch } from '../platform-versions'

const LABELS: Record<VersionedService, string> = {
  region: 'Region',
  compute: 'Compute',
  identity: 'Identity',
  storage: 'Object storage',
}

/** Each service's release as it reports it, and which of the console's documents that is. */
export function PlatformVersions({
  reads,
}: {
  reads: Record<VersionedService, Read<{ service: VersionedService }, ServiceVersion>>
}) {
  const headingId = useId()
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title id={headingId} order={2} size="h4" mb={4}>
        Platform versions
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The release each of the platform's services reports running, and the document of it the console follows.
      </Text>
      {/* Never sideways: on a phone the third column wraps instead. */}
      <Table aria-labelledby={headingId} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Console's documents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(Object.keys(LABELS) as VersionedService[]).map((service) => (
            <VersionRow key={service} service={service} read={reads[service]} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}

function VersionRow({
  service,
  read,
}: {
  service: VersionedService
  read: Read<{ service: VersionedService }, ServiceVersion>
}) {
  const answer = useQuery(readQuery(read))
  const reported = answer.data
  return (
    <Table.Tr>
      <Table.Td>{LABELS[service]}</Table.Td>
      <Table.Td>
        {reported ? (
          <Text size="sm" ff="monospace" title={reported.name}>
            {reported.version}
          </Text>
        ) : answer.isPending ? (
          <Text size="sm" c="dimmed">
            Asking…
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not reported
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {reported
            ? documentMatch(service, reported.version)
            : answer.error
              ? isNotOffered(answer.error)
                ? 'This service does not answer GET /api/version: it predates the documents that define it.'
                : `The version could not be read: ${answer.error.message}`
              : ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}
