import { Anchor } from '../../../components/mantine/Anchor'
import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { BareMetalBadge } from '../../../components/BareMetalBadge'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Flavor } from '../../../api/schemas/regional'
import { pinnedOnlyReason } from '../../../lib/catalog-fit'
import { VirtualTable, type Column } from '../../../components/VirtualTable'
import type { SortState } from '../../../lib/sort'
import { formatGB, formatGiB, gpuCount, totalGpuMemory } from '../flavor-catalog'

interface FlavorTableProps {
  rows: Flavor[]
  sort: SortState
  onSortChange: (sort: SortState) => void
  createHref: (flavor: Flavor) => string
}

/** A number in its column, digits aligned from row to row. */
function Figure({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Text>
  )
}
const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
)

export function FlavorTable({ rows, sort, onSortChange, createHref }: FlavorTableProps) {
  const columns: Column<Flavor>[] = [
    {
      key: 'name',
      header: 'Flavor',
      sortable: true,
      cell: (flavor) => (
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {flavor.metadata.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {flavor.spec.architecture ?? ''}
            </Text>
            <BareMetalBadge flavor={flavor} size="xs" />
          </Group>
        </Stack>
      ),
    },
    {
      key: 'cpus',
      header: 'vCPUs',
      sortable: true,
      width: 80,
      cell: (flavor) => <Figure>{flavor.spec.cpus}</Figure>,
    },
    {
      key: 'cpuFamily',
      header: 'CPU family',
      width: 180,
      visibleFrom: 'xl',
      // Whole, on two lines where it needs them ("Intel Xeon Platinum 8568Y+" was cut to "Intel Xeon Platinu…"); a
      // longer name than two lines hold keeps its full text on hover.
      cell: (flavor) => (
        <Text size="sm" lh={1.3} lineClamp={2} title={flavor.spec.cpuFamily} style={{ whiteSpace: 'normal' }}>
          {flavor.spec.cpuFamily ?? '—'}
        </Text>
      ),
    },
    {
      key: 'memory',
      header: 'Memory',
      sortable: true,
      width: 100,
      cell: (flavor) => <Figure>{formatGiB(flavor.spec.memory)}</Figure>,
    },
    {
      key: 'disk',
      header: 'Disk',
      sortable: true,
      width: 100,
      visibleFrom: 'lg',
      cell: (flavor) => <Figure>{formatGB(flavor.spec.disk)}</Figure>,
    },
    {
      key: 'gpus',
      header: 'GPUs',
      sortable: true,
      width: 145,
      cell: (flavor) =>
        flavor.spec.gpu ? (
          <Text size="sm" truncate="end">
            {gpuCount(flavor)} × {flavor.spec.gpu.vendor} {flavor.spec.gpu.model}
          </Text>
        ) : (
          dash
        ),
    },
    {
      key: 'gpuMemory',
      header: 'GPU memory',
      sortable: true,
      // Its heading on one line with its sort arrow: at 110 px it broke in two, the one heading of two lines.
      width: 120,
      cell: (flavor) => (flavor.spec.gpu ? <Figure>{formatGiB(flavor.spec.gpu.memory)}</Figure> : dash),
    },
    {
      key: 'gpuMemoryTotal',
      header: 'All GPU memory',
      sortable: true,
      width: 140,
      visibleFrom: 'lg',
      cell: (flavor) => {
        const total = totalGpuMemory(flavor)
        return total === undefined ? dash : <Figure>{formatGiB(total)}</Figure>
      },
    },
    {
      key: 'create',
      // Named for screen readers: an empty header cell leaves the column's links without one.
      header: 'Actions',
      headerHidden: true,
      // "Create instance" whole, with the cell's padding: at 130 px it was cut to "Create instan…". The GPU columns
      // gave up 25 px for it and for the name's "bare metal" badge, which 1024 px cut too.
      width: 150,
      cell: (flavor) =>
        pinnedOnlyReason(flavor) ? (
          <Text size="sm" c="dimmed" title={pinnedOnlyReason(flavor)}>
            Pinned hosts only
          </Text>
        ) : (
          <Anchor
            component={Link}
            to={createHref(flavor)}
            size="sm"
            aria-label={`Create instance with ${flavor.metadata.name}`}
          >
            Create instance
          </Anchor>
        ),
    },
  ]
  return (
    <VirtualTable
      label="Flavors"
      rows={rows}
      columns={columns}
      rowKey={(flavor) => flavor.metadata.id}
      sort={sort}
      onSortChange={onSortChange}
      rowHeight={56}
    />
  )
}
