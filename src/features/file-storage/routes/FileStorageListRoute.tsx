import { Group } from '../../../components/mantine/Group'
import { Stack } from '../../../components/mantine/Stack'
import { Text } from '../../../components/mantine/Text'
import { useQuery } from '@tanstack/react-query'
import type { FileStorage } from '../../../api/schemas/regional'
import { ListPage } from '../../../components/list/ListPage'
import { rowDelete } from '../../../components/list/row-delete'
import { nameColumn } from '../../../components/list/columns'
import { scopeColumns } from '../../../components/list/regional-columns'
import { StatusBadge } from '../../../components/StatusBadge'
import type { Column } from '../../../components/VirtualTable'
import { formatBytes } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { listRoute, regionalFilters, regionalList, useList } from '../../../lib/list-page'
import { useListRows } from '../../../lib/use-list-rows'
import { metadataSearch, regionalSortValue } from '../../../lib/row-keys'
import { UsageBar } from '../components/UsageBar'
import { GiB, usageShare } from '../file-storage-form'
import { q } from '../../../api/endpoint'
import { fileStorageApi } from '../../../api/fileStorage'
import { storageClassApi } from '../../../api/catalogs'
import { resources } from '../../../lib/resources'
import { useNamesOf } from '../../../lib/use-scope-names'

const SORTABLE = ['name', 'size', 'usage', 'attachments', 'region', 'status', 'age'] as const

const source = regionalList(
  resources.fileStorage,
  'Search name, id, class or tag',
  regionalFilters(fileStorageApi.list),
)

export const { loader, shouldRevalidate, organizationQuery, handle } = listRoute(source)

const remove = rowDelete(fileStorageApi.delete, (f: FileStorage) => ({ filestorageID: f.metadata.id }), {
  consequence: 'Their data is erased, and instances that mount them lose access.',
})

const search = (s: FileStorage) => [...metadataSearch(s), s.status.regionId, s.status.storageClassId]

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
    default:
      return regionalSortValue(storage, key)
  }
}

export function Component() {
  const page = useList(source)
  const classes = useQuery(q(storageClassApi.list, {}))
  const className = useNamesOf(classes.data)
  const shown = useListRows(page.all, page.filters, {
    sortable: SORTABLE,
    search,
    sortValue,
    context: undefined,
    regionName: page.names.regionName,
  })

  const columns: Column<FileStorage>[] = [
    nameColumn(paths.fileStorage.item, ['tags']),
    {
      key: 'size',
      header: 'Size',
      sortable: true,
      width: 130,
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
      width: 135,
      cell: (s) => <UsageBar usage={s.status.usage} label={`${s.metadata.name} usage`} compact />,
    },
    {
      key: 'attachments',
      header: 'Networks',
      sortable: true,
      // A count and a settling mark: narrow, so the name keeps room at 1024 px.
      width: 100,
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
    ...scopeColumns(page.names, ['region', 'project']),
  ]

  return (
    <ListPage
      page={page}
      remove={remove}
      description="Shared NFS file systems, mounted by instances on the networks they are attached to."
      emptyDescription="File storage gives instances a shared NFS file system. Create one, or widen the project and region filters."
      shown={shown}
      columns={columns}
    />
  )
}
