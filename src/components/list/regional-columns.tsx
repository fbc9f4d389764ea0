import { Text } from '@mantine/core'
import type { Column } from '../VirtualTable'
import type { Layout } from './columns'

/** What every regional resource (network, security group, file storage, instance) carries besides its metadata. */
interface Regional {
  metadata: { projectId: string }
  status: { regionId: string }
}

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
