import { storageClassApi } from '../../api/catalogs'
import { fileStorageApi } from '../../api/fileStorage'
import { detailReads, readOf } from '../../api/read'
import { nameRead } from '../../lib/name-reads'

/**
 * A file storage's page: the storage, then its region's storage classes and the names of the networks it is attached
 * to (src/api/read.ts says why here).
 */
export const fileStorageReads = detailReads(
  fileStorageApi.detail,
  (id) => ({ filestorageID: id }),
  (storage) => ({
    classes: readOf(storageClassApi.list, { regionID: [storage.status.regionId] }),
    networkNames: nameRead('networks', storage.metadata.organizationId),
  }),
)
