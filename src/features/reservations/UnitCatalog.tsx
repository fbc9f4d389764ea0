import { useQuery } from '@tanstack/react-query'
import { q } from '../../api/endpoint'
import { reservationApi, type ReservationUnit } from '../../api/reservations'
import { ErrorAlert, alertOf } from '../../components/ErrorAlert'
import { TableScroll } from '../../components/TableScroll'
import { Paper } from '../../components/mantine/Paper'
import { Table } from '../../components/mantine/Table'
import { Text } from '../../components/mantine/Text'
import { Title } from '../../components/mantine/Title'
import { formatNumber } from '../../lib/format'

/** "72 GB300 GPUs, 18 hosts": what one unit gives. */
export const unitShape = (u: ReservationUnit) =>
  `${formatNumber(u.gpusPerUnit)} ${u.host.gpu.model} GPUs on ${formatNumber(u.hostsPerUnit)} host${u.hostsPerUnit === 1 ? '' : 's'}`

/**
 * The organization's reservation units, region by region: what one unit gives, and how many are free, the longest
 * run of neighbouring free units (the most one reservation can take) and how many the organization's scope holds.
 */
export function UnitCatalog({
  organizationID,
  regionName,
}: {
  organizationID: string
  regionName: Map<string, string>
}) {
  const units = useQuery({ ...q(reservationApi.units, { organizationID }), enabled: Boolean(organizationID) })
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="unit-catalog">
      <Title order={2} size="h4" id="unit-catalog">
        Reservation units
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A reservation takes neighbouring units in one pod: it can be no longer than the longest contiguous run.
      </Text>
      {units.error ? (
        <ErrorAlert {...alertOf(units.error)} />
      ) : (
        <TableScroll minWidth={560} focusableAs="Reservation units, by region">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Region</Table.Th>
                <Table.Th>Unit</Table.Th>
                <Table.Th>One unit</Table.Th>
                <Table.Th ta="right">Free</Table.Th>
                <Table.Th ta="right">Longest contiguous</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {units.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={6}>Loading the catalog…</Table.Td>
                </Table.Tr>
              )}
              {units.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>No reservation units are offered in this organization’s regions.</Table.Td>
                </Table.Tr>
              )}
              {units.data?.map((u) => (
                <Table.Tr key={`${u.regionId}/${u.accelerator}/${u.unit}`}>
                  <Table.Td>{regionName.get(u.regionId) ?? u.regionId}</Table.Td>
                  <Table.Td>
                    {u.accelerator} {u.unit}
                  </Table.Td>
                  <Table.Td>{unitShape(u)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(u.availableUnitCount)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(u.largestContiguousUnitCount)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(u.totalCount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Paper>
  )
}
