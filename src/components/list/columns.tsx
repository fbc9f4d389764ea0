import type { Tag } from '../../api/request'
import { GroupNames } from '../GroupNames'
import { NameCell } from '../NameCell'
import { formatAge, formatTimestamp } from '../../lib/format'
import { cellText } from '../cell-text'
import { ResourceStatus } from '../StatusBadge'
import type { Column } from '../VirtualTable'

/** The metadata every listed resource carries (identity and regional alike). */
export interface Listed {
  metadata: {
    id: string
    name: string
    description?: string
    tags?: Tag[]
    creationTime: string
    provisioningStatus: string
    healthStatus?: string
  }
}

export type Layout = Pick<Column<unknown>, 'width' | 'visibleFrom'>

/**
 * The name, linking to the resource's page, with a second line from what `beneath` names: the description (where
 * it is empty, the first tags, when both are named).
 */
export const nameColumn = <T extends Listed>(
  pathOf: (id: string) => string,
  beneath: readonly ('description' | 'tags')[],
): Column<T> => ({
  key: 'name',
  header: 'Name',
  sortable: true,
  cell: (row) => (
    <NameCell
      to={pathOf(row.metadata.id)}
      name={row.metadata.name}
      description={beneath.includes('description') ? row.metadata.description : undefined}
      tags={beneath.includes('tags') ? row.metadata.tags : undefined}
    />
  ),
})

/** Provisioning and health in one badge. */
export const statusColumn = <T extends Listed>(layout: Layout): Column<T> => ({
  key: 'status',
  header: 'Status',
  sortable: true,
  ...layout,
  cell: (row) => <ResourceStatus provisioning={row.metadata.provisioningStatus} health={row.metadata.healthStatus} />,
})

/** How long ago it was created; the header (and the sort key in the URL) default to "Age" (`age`). */
export const ageColumn = <T extends Listed>({
  key = 'age',
  header = 'Age',
  ...layout
}: Layout & { key?: string; header?: string }): Column<T> => ({
  key,
  header,
  sortable: true,
  ...layout,
  // RelativeTime's short form as a plain element (cell-text.ts): one per row of every list.
  cell: ({ metadata: { creationTime } }) =>
    creationTime ? (
      <time className={cellText('sm')} dateTime={creationTime} title={formatTimestamp(creationTime)}>
        {formatAge(creationTime)}
      </time>
    ) : (
      <p className={cellText('sm')}>—</p>
    ),
})

/** The groups a user, service account or project belongs to, by name. */
export const groupsColumn = <T extends Listed & { spec: { groupIDs: string[] } }>(
  organizationID: string,
  layout: Layout,
): Column<T> => ({
  key: 'groups',
  header: 'Groups',
  ...layout,
  cell: (row) => <GroupNames ids={row.spec.groupIDs} organizationID={organizationID} />,
})
