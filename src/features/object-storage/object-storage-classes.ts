import type { ObjectStorageEndpointClass } from '../../api/objectStorage'

/** "standard-public (public and private)": what a class exposes, as the user chooses between them. */
export const classLabel = (endpointClass: ObjectStorageEndpointClass) => {
  const types = endpointClass.spec.supportedEndpointType
  return types.length ? `${endpointClass.metadata.name} (${types.join(' and ')})` : endpointClass.metadata.name
}
