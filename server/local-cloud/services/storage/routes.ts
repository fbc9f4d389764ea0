import { idsOfLength } from '../../platform/path-params.ts'
import { storageVersionRoutes } from '../version.ts'
import { objectStorageRoutes } from './object-storage.ts'

/** The storage API ({storage_url} = /local/storage, storage v1.4.1): object storage, and its version. */
export const storageRoutes = [...objectStorageRoutes, ...storageVersionRoutes]

/** Its documented path ids are 1 to 63 characters, of any kind. */
export const storagePathParams = idsOfLength(['objectStorageEndpointID', 'objectStorageAccessKeyID'], 1, 63)
