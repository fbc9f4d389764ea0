import { CopyButton } from '@mantine/core'
import { Anchor } from '../../../components/mantine/Anchor'
import { Button } from '../../../components/mantine/Button'
import { Code } from '../../../components/mantine/Code'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import { Link } from 'react-router'
import type { FileStorageAttachmentStatus } from '../../../api/schemas/regional'
import { StatusBadge } from '../../../components/StatusBadge'
import { paths } from '../../../lib/paths'
import { mountCommand } from '../mount-command'
import { TableScroll } from '../../../components/TableScroll'

interface AttachmentsTableProps {
  storageName: string
  attachments: FileStorageAttachmentStatus[]
  networkName: (networkId: string) => string | undefined
}

/** Each attached network with its status, and once provisioned the mount source and a command to copy. */
export function AttachmentsTable({ storageName, attachments, networkName }: AttachmentsTableProps) {
  return (
    <TableScroll minWidth={640}>
      <Table aria-label="Attachments" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Network</Table.Th>
            <Table.Th w={140}>Status</Table.Th>
            <Table.Th>Mount source and command</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attachments.map((attachment) => {
            const name = networkName(attachment.networkId) ?? attachment.networkId
            const command = attachment.mountSource
              ? mountCommand(attachment.mountSource, storageName, attachment.mountOptions)
              : undefined
            return (
              <Table.Tr key={attachment.networkId}>
                <Table.Td>
                  <Anchor component={Link} to={paths.networks.item(attachment.networkId)} size="sm">
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <StatusBadge value={attachment.provisioningStatus} />
                </Table.Td>
                <Table.Td>
                  {attachment.mountSource && command ? (
                    <Stack gap={6}>
                      <Text size="sm">
                        Source <Code>{attachment.mountSource}</Code>
                      </Text>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        {/* Wraps between the command's words; only a token longer than the line breaks inside. */}
                        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1 }}>
                          {command}
                        </Code>
                        <CopyButton value={command} timeout={1500}>
                          {({ copied, copy }) => (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color={copied ? 'teal' : undefined}
                              onClick={copy}
                              aria-label={`Copy mount command for ${name}`}
                            >
                              {copied ? 'Copied' : 'Copy'}
                            </Button>
                          )}
                        </CopyButton>
                      </Group>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {attachment.provisioningStatus === 'deprovisioning'
                        ? 'Detaching…'
                        : 'Attaching: the mount source is given once provisioned.'}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  )
}
