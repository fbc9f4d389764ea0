import { notifications } from '@mantine/notifications'
import { useMutation, useQuery } from '@tanstack/react-query'
import { m } from '../../api/endpoint'
import { readQuery } from '../../api/read'
import { placementApi, type PlacementServer } from '../../api/reservations'
import type { Read } from '../../api/read'
import { FailureText } from '../../components/ErrorAlert'
import { Button } from '../../components/mantine/Button'
import { Group } from '../../components/mantine/Group'
import { Paper } from '../../components/mantine/Paper'
import { Table } from '../../components/mantine/Table'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { VisuallyHidden } from '../../components/mantine/VisuallyHidden'
import { StatusBadge } from '../../components/StatusBadge'
import { TableScroll } from '../../components/TableScroll'
import { isMoving, SERVER_ACTION_LABELS, serverActionReason, type ServerAction } from './server-power'

const ACTIONS: ServerAction[] = ['reboot', 'hardReboot', 'stop']

/**
 * The placement's servers, each with its host, addresses and power state (polled while it moves), and the power
 * actions the platform offers: reboot, hard reboot and stop. An action the state does not allow stays focusable,
 * marked disabled, with its reason said beside it.
 */
export function PlacementServers({
  placementID,
  read,
}: {
  placementID: string
  read: Read<{ placementID: string }, PlacementServer[]>
}) {
  const servers = useQuery({
    ...readQuery(read),
    refetchInterval: (query) => (query.state.data?.some((s) => isMoving(s.status.powerState)) ? 1000 : false),
  })
  const power = useMutation(m(placementApi.power))
  const run = (server: PlacementServer, action: ServerAction) =>
    power.mutate(
      {
        placementID,
        serverID: server.metadata.id,
        action: action === 'stop' ? 'stop' : 'reboot',
        hard: action === 'hardReboot',
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${SERVER_ACTION_LABELS[action]} of ${server.metadata.name} accepted.`,
          })
          void servers.refetch()
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `${SERVER_ACTION_LABELS[action]} failed`,
            message: <FailureText error={error} />,
          }),
      },
    )
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="servers-title">
      <Title order={2} size="h4" id="servers-title" mb="sm">
        Servers
      </Title>
      {servers.error && <FailureText error={servers.error} />}
      <TableScroll minWidth={900}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Power state</Table.Th>
              <Table.Th>Private IP</Table.Th>
              <Table.Th>Public IP</Table.Th>
              <Table.Th>Host</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {servers.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>No servers yet.</Table.Td>
              </Table.Tr>
            )}
            {servers.data?.map((server) => (
              <Table.Tr key={server.metadata.id}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {server.metadata.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {server.metadata.id}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <StatusBadge value={server.status.powerState} label="Power state" />
                </Table.Td>
                <Table.Td ff="monospace">{server.status.privateIP ?? '—'}</Table.Td>
                <Table.Td ff="monospace">{server.status.publicIP ?? '—'}</Table.Td>
                <Table.Td ff="monospace" title={server.status.infrastructureRef}>
                  {server.status.infrastructureRef.slice(0, 8)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {ACTIONS.map((action) => {
                      const reason = serverActionReason(server.status.powerState, action)
                      const reasonId = `${server.metadata.id}-${action}-reason`
                      return (
                        <span key={action}>
                          <Button
                            size="xs"
                            variant="default"
                            aria-disabled={reason ? true : undefined}
                            data-disabled={reason ? true : undefined}
                            aria-describedby={reason ? reasonId : undefined}
                            aria-label={`${SERVER_ACTION_LABELS[action]} ${server.metadata.name}`}
                            title={reason}
                            loading={power.isPending && power.variables?.serverID === server.metadata.id}
                            onClick={() => !reason && !power.isPending && run(server, action)}
                          >
                            {SERVER_ACTION_LABELS[action]}
                          </Button>
                          {reason && <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>}
                        </span>
                      )
                    })}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  )
}
