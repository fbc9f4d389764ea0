import { storageClassApi } from '../../api/catalogs'
import { fileStorageApi } from '../../api/fileStorage'
import { placedNetworksRead } from '../../api/networks'
import { detailReads, readOf } from '../../api/read'
import { nameRead } from '../../lib/name-reads'

/**
 * A file storage's pages: the storage, then its region's storage classes and the names of the networks it is attached
 * to; the edit form also the networks it may be attached to (src/api/read.ts says why here).
 */
export const fileStorageReads = detailReads(
  fileStorageApi.detail,
  (id) => ({ filestorageID: id }),
  (storage) => ({
    classes: readOf(storageClassApi.list, { regionID: [storage.status.regionId] }),
    networkNames: nameRead('networks', storage.metadata.organizationId),
  }),
  (storage) => ({
    classNames: nameRead('storageClasses', storage.metadata.organizationId, storage.status.regionId),
    networkNames: nameRead('networks', storage.metadata.organizationId),
    placedNetworks: placedNetworksRead({
      organizationID: storage.metadata.organizationId,
      projectId: storage.metadata.projectId,
      regionId: storage.status.regionId,
    }),
  }),
)
