import { Table } from '../../../components/mantine/Table'
import { Text } from '../../../components/mantine/Text'
import type { FileStorage } from '../../../api/schemas/regional'
import { StatusBadge } from '../../../components/StatusBadge'
import { TableScroll } from '../../../components/TableScroll'
import { retentionText, scheduleText } from '../snapshot-policies'

/** Each snapshot policy the storage asks for, beside the state the platform reports for it (by its name). */
export function SnapshotPoliciesTable({ storage }: { storage: FileStorage }) {
  const policies = storage.spec.snapshotPolicies ?? []
  if (policies.length === 0) return <Text size="sm">No snapshot policies.</Text>
  const states = storage.status.snapshotPolicies ?? []
  return (
    <TableScroll minWidth={560}>
      <Table aria-label="Snapshot policies" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Policy</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Retention</Table.Th>
            <Table.Th w={140}>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {policies.map((policy) => {
            const state = states.find((s) => s.name === policy.name)
            return (
              <Table.Tr key={policy.name}>
                <Table.Td>{policy.name}</Table.Td>
                <Table.Td>{scheduleText(policy.schedule)}</Table.Td>
                <Table.Td>{retentionText(policy.retention)}</Table.Td>
                <Table.Td>
                  <StatusBadge value={state?.provisioningStatus ?? 'unknown'} />
                  {state?.message && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {state.message}
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
