import { storageVersionRoutes } from '../version.ts'
import { objectStorageRoutes } from './object-storage.ts'

/** The storage API ({storage_url} = /local/storage, storage v1.4.1): object storage, and its version. */
export const storageRoutes = [...objectStorageRoutes, ...storageVersionRoutes]
