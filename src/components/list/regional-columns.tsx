import { cellText } from '../cell-text'
import type { Column } from '../VirtualTable'
import { ageColumn, statusColumn, type Layout, type Listed } from './columns'

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
  cell: (row) => <p className={cellText('sm')}>{regionName.get(row.status.regionId) ?? row.status.regionId}</p>,
})

/** The project column, by name where the organization's project list has it. */
const projectColumn = <T extends { metadata: { projectId: string } }>(
  projectName: Map<string, string>,
  layout: Layout,
): Column<T> => ({
  key: 'project',
  header: 'Project',
  ...layout,
  cell: (row) => (
    <p className={cellText('sm')} data-truncate="end">
      {projectName.get(row.metadata.projectId) ?? row.metadata.projectId}
    </p>
  ),
})

/**
 * The columns a regional list ends with: region, project, status and age, at the widths every list gives them, the
 * age shown from 1200 px. `lgOnly` names the scope columns that give way below 1200 px too.
 */
export const scopeColumns = <T extends Regional & Listed>(
  names: { regionName: Map<string, string>; projectName: Map<string, string> },
  lgOnly: readonly ('region' | 'project')[] = [],
): Column<T>[] => [
  regionColumn(names.regionName, { width: 100, visibleFrom: lgOnly.includes('region') ? 'lg' : undefined }),
  projectColumn(names.projectName, { width: 170, visibleFrom: lgOnly.includes('project') ? 'lg' : undefined }),
  statusColumn({ width: 150 }),
  ageColumn({ width: 80, visibleFrom: 'lg' }),
]

/** The columns a list of a project's resource in no region ends with (SSH certificate authorities). */
export const projectScopeColumns = <T extends { metadata: { projectId: string } } & Listed>(names: {
  projectName: Map<string, string>
}): Column<T>[] => [
  projectColumn(names.projectName, { width: 200 }),
  statusColumn({ width: 150 }),
  ageColumn({ width: 80, visibleFrom: 'lg' }),
]
