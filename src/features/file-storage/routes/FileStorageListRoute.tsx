import { Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { FileStorage } from '../../../api/schemas/regional'
import { ListFilterBar } from '../../../components/ListFilterBar'
import { ListResults } from '../../../components/ListResults'
import { PageHeader } from '../../../components/PageHeader'
import { RelativeTime } from '../../../components/RelativeTime'
import { ResourceStatus, StatusBadge } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { formatBytes } from '../../../lib/format'
import { readRegionalFilters, toApiFilters, type RegionalFilterState } from '../../../lib/list-filters'
import { paths } from '../../../lib/paths'
import { regionalListRoute, useRegionalList } from '../../../lib/regional-list'
import { parseSort, type SortState } from '../../../lib/sort'
import { tagTexts, useListRows } from '../../../lib/use-list-rows'
import { UsageBar } from '../components/UsageBar'
import { NameCell } from '../../../components/NameCell'
import { GiB, usageShare } from '../file-storage-form'
import { q } from '../../../api/endpoint'
import { fileStorageApi } from '../../../api/fileStorage'
import { storageClassApi } from '../../../api/catalogs'
import { PermittedAction } from '../../../components/PermittedAction'
import { useAccess } from '../../../lib/permissions'

const SORTABLE = ['name', 'size', 'usage', 'attachments', 'region', 'status', 'age'] as const
const DEFAULT_SORT: SortState = { key: 'name', direction: 'asc' }

const source = {
  read: readRegionalFilters,
  query: (filters: RegionalFilterState) => q(fileStorageApi.list, toApiFilters(filters)),
}

export const { loader, shouldRevalidate } = regionalListRoute(source)

const search = (s: FileStorage) => [
  s.metadata.name,
  s.metadata.id,
  s.metadata.description,
  s.status.regionId,
  s.status.storageClassId,
  ...tagTexts(s.metadata.tags),
]

const attachmentCount = (storage: FileStorage) =>
  storage.status.attachments?.length ?? storage.spec.attachments?.networkIds.length ?? 0

function sortValue(storage: FileStorage, key: string): string | number | undefined {
  switch (key) {
    case 'size':
      return storage.spec.sizeGiB
    case 'usage':
      return usageShare(storage.status.usage)
    case 'attachments':
      return attachmentCount(storage)
    case 'region':
      return storage.status.regionId
    case 'status':
      return storage.metadata.provisioningStatus
    case 'age':
      return -Date.parse(storage.metadata.creationTime)
    default:
      return storage.metadata.name
  }
}

export function Component() {
  const access = useAccess()
  const { filters: state, params, setParams, list: storages, all, names } = useRegionalList(source)
  const { projectName, regionName, projectOptions, regionOptions } = names
  const classes = useQuery(q(storageClassApi.list, {}))
  const className = useMemo(
    () => new Map((classes.data ?? []).map((c) => [c.metadata.id, c.metadata.name])),
    [classes.data],
  )
  const sort = parseSort(state.sort, SORTABLE, DEFAULT_SORT)
  const rows = useListRows(all, state.q, sort, { search, sortValue, context: undefined })

  const columns: Column<FileStorage>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      width: '20%',
      cell: (s) => <NameCell to={paths.fileStorage(s.metadata.id)} name={s.metadata.name} tags={s.metadata.tags} />,
    },
    {
      key: 'size',
      header: 'Size',
      sortable: true,
      width: '9%',
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm">{formatBytes(s.spec.sizeGiB * GiB)}</Text>
          <Text size="xs" c="dimmed" truncate="end">
            {className.get(s.status.storageClassId) ?? s.status.storageClassId}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'usage',
      header: 'Usage',
      sortable: true,
      width: '17%',
      cell: (s) => <UsageBar usage={s.status.usage} label={`${s.metadata.name} usage`} compact />,
    },
    {
      key: 'attachments',
      header: 'Networks',
      sortable: true,
      width: '11%',
      cell: (s) => {
        const unsettled = s.status.attachments?.filter((a) => a.provisioningStatus !== 'provisioned') ?? []
        return (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{attachmentCount(s)}</Text>
            {unsettled[0] && (
              <StatusBadge
                value={unsettled[0].provisioningStatus}
                label={`${unsettled.length} attachment${unsettled.length === 1 ? '' : 's'}`}
              />
            )}
          </Group>
        )
      },
    },
    {
      key: 'region',
      header: 'Region',
      sortable: true,
      width: '10%',
      cell: (s) => <Text size="sm">{regionName.get(s.status.regionId) ?? s.status.regionId}</Text>,
    },
    {
      key: 'project',
      header: 'Project',
      width: '12%',
      visibleFrom: 'lg',
      cell: (s) => (
        <Text size="sm" truncate="end">
          {projectName.get(s.metadata.projectId) ?? s.metadata.projectId}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: '13%',
      cell: (s) => <ResourceStatus provisioning={s.metadata.provisioningStatus} health={s.metadata.healthStatus} />,
    },
    {
      key: 'age',
      header: 'Age',
      sortable: true,
      width: '8%',
      cell: (s) => <RelativeTime value={s.metadata.creationTime} short size="sm" />,
    },
  ]

  const filtered = state.q !== '' || state.tags.length > 0
  return (
    <>
      <PageHeader
        title="File storage"
        description="Shared NFS file systems, mounted by instances on the networks they are attached to."
        actions={
          <PermittedAction to={paths.fileStorageNew()} disabledReason={access.reason('fileStorage', 'create')}>
            Create file storage
          </PermittedAction>
        }
      />
      <ListFilterBar
        state={state}
        params={params}
        onParamsChange={(next, replace) => setParams(next, { replace })}
        projects={projectOptions}
        regions={regionOptions}
        searchPlaceholder="Search name, id, class or tag"
      />
      <ListResults
        label="File storage"
        noun={['file system', 'file systems']}
        rows={rows}
        total={all.length}
        filtered={filtered}
        loading={storages.isFetching && storages.isPlaceholderData}
        empty={{
          title: 'No file storage in this scope',
          description:
            'File storage gives instances a shared NFS file system. Create one, or widen the project and region filters.',
          action: (
            <PermittedAction to={paths.fileStorageNew()} disabledReason={access.reason('fileStorage', 'create')}>
              Create file storage
            </PermittedAction>
          ),
        }}
        noMatch={{ title: 'No file storage matches', description: 'Nothing matches the search and tag filters.' }}
        columns={columns}
        rowKey={(s) => s.metadata.id}
        sort={sort}
        params={params}
        setParams={setParams}
        stale={storages.isPlaceholderData}
        rowHeight={60}
      />
    </>
  )
}
