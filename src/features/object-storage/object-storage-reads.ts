import {
  objectStorageAccessKeyApi,
  objectStorageEndpointApi,
  objectStorageEndpointClassApi,
} from '../../api/objectStorage'
import { detailReads, readOf } from '../../api/read'

/**
 * An object storage endpoint's page: the endpoint, then its access keys and its region's classes (to name its own);
 * its edit form reads the classes too.
 */
export const objectStorageEndpointReads = detailReads(
  objectStorageEndpointApi.detail,
  (id) => ({ objectStorageEndpointID: id }),
  (endpoint) => ({
    accessKeys: readOf(objectStorageAccessKeyApi.list, { objectStorageEndpointID: endpoint.metadata.id }),
    classes: readOf(objectStorageEndpointClassApi.list, { regionID: [endpoint.status.regionId] }),
  }),
  (endpoint) => ({
    classes: readOf(objectStorageEndpointClassApi.list, { regionID: [endpoint.status.regionId] }),
  }),
)
