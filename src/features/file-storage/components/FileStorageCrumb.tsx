import { useQuery } from '@tanstack/react-query'
import { q } from '../../../api/endpoint'
import { fileStorageApi } from '../../../api/fileStorage'

/** The storage's name in the breadcrumb, from the cache the page loader filled. */
export function FileStorageCrumb({ fileStorageId }: { fileStorageId: string }) {
  const { data } = useQuery({
    ...q(fileStorageApi.detail, { filestorageID: fileStorageId }),
    select: (storage) => storage.metadata.name,
  })
  return <>{data ?? fileStorageId}</>
}
