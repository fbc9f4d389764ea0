import { useQuery } from '@tanstack/react-query'
import { fileStorageQueries } from '../../../api/fileStorage'

/** The storage's name in the breadcrumb, from the cache the page loader filled. */
export function FileStorageCrumb({ fileStorageId }: { fileStorageId: string }) {
  const { data } = useQuery({ ...fileStorageQueries.detail(fileStorageId), select: (storage) => storage.metadata.name })
  return <>{data ?? fileStorageId}</>
}
