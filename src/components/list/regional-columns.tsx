import { Text } from '@mantine/core'
import { RelativeTime } from '../RelativeTime'
import { ResourceStatus } from '../StatusBadge'
import type { Column } from '../VirtualTable'

/** What every regional resource (network, security group, file storage, instance) carries. */
interface Regional {
  metadata: {
    projectId: string
    creationTime: string
    provisioningStatus: string
    healthStatus?: string
  }
  status: { regionId: string }
}

type Layout = Pick<Column<unknown>, 'width' | 'visibleFrom'>

/** The region column, by name where the scope's region list has it. */
export const regionColumn = <T extends Regional>(regionName: Map<string, string>, layout: Layout): Column<T> => ({
  key: 'region',
  header: 'Region',
  sortable: true,
  ...layout,
  cell: (row) => <Text size="sm">{regionName.get(row.status.regionId) ?? row.status.regionId}</Text>,
})

/** The project column, by name where the organization's project list has it. */
export const projectColumn = <T extends Regional>(projectName: Map<string, string>, layout: Layout): Column<T> => ({
  key: 'project',
  header: 'Project',
  ...layout,
  cell: (row) => (
    <Text size="sm" truncate="end">
      {projectName.get(row.metadata.projectId) ?? row.metadata.projectId}
    </Text>
  ),
})

/** Provisioning and health in one badge. */
export const statusColumn = <T extends Regional>(layout: Layout): Column<T> => ({
  key: 'status',
  header: 'Status',
  sortable: true,
  ...layout,
  cell: (row) => <ResourceStatus provisioning={row.metadata.provisioningStatus} health={row.metadata.healthStatus} />,
})

/** How long ago it was created. */
export const ageColumn = <T extends Regional>(layout: Layout): Column<T> => ({
  key: 'age',
  header: 'Age',
  sortable: true,
  ...layout,
  cell: (row) => <RelativeTime value={row.metadata.creationTime} short size="sm" />,
})
