import { route } from '../../platform/context.ts'
import { listFlavors } from './flavors.ts'
import { listImages } from './images.ts'
import { listRegions } from './regions.ts'
import { listStorageClasses } from './storage-classes.ts'
import {
  createFileStorage,
  deleteFileStorage,
  getFileStorage,
  listFileStorage,
  updateFileStorage,
} from './file-storage.ts'
import {
  createInstance,
  deleteInstance,
  getInstance,
  listInstances,
  rebootInstance,
  startInstance,
  stopInstance,
  updateInstance,
} from './instances.ts'
import { createNetwork, deleteNetwork, getNetwork, listNetworks, updateNetwork } from './networks.ts'
import {
  createSecurityGroup,
  deleteSecurityGroup,
  getSecurityGroup,
  listSecurityGroups,
  updateSecurityGroup,
} from './security-groups.ts'

const region = '/api/v1/organizations/:organizationID/regions'
/** The regional API ({base_url} = /local/region): networks, security groups, file storage, instances, and what each region offers. */
export const regionalRoutes = [
  route('GET', '/api/v2/networks', listNetworks),
  route('POST', '/api/v2/networks', createNetwork),
  route('GET', '/api/v2/networks/:networkID', getNetwork),
  route('PUT', '/api/v2/networks/:networkID', updateNetwork),
  route('DELETE', '/api/v2/networks/:networkID', deleteNetwork),
  route('GET', '/api/v2/securitygroups', listSecurityGroups),
  route('POST', '/api/v2/securitygroups', createSecurityGroup),
  route('GET', '/api/v2/securitygroups/:securityGroupID', getSecurityGroup),
  route('PUT', '/api/v2/securitygroups/:securityGroupID', updateSecurityGroup),
  route('DELETE', '/api/v2/securitygroups/:securityGroupID', deleteSecurityGroup),
  route('GET', '/api/v2/filestorage', listFileStorage),
  route('POST', '/api/v2/filestorage', createFileStorage),
  route('GET', '/api/v2/filestorage/:filestorageID', getFileStorage),
  route('PUT', '/api/v2/filestorage/:filestorageID', updateFileStorage),
  route('DELETE', '/api/v2/filestorage/:filestorageID', deleteFileStorage),
  route('GET', '/api/v2/filestorageclasses', listStorageClasses),
  route('GET', '/api/v2/instances', listInstances),
  route('POST', '/api/v2/instances', createInstance),
  route('GET', '/api/v2/instances/:instanceID', getInstance),
  route('PUT', '/api/v2/instances/:instanceID', updateInstance),
  route('DELETE', '/api/v2/instances/:instanceID', deleteInstance),
  route('POST', '/api/v2/instances/:instanceID/start', startInstance),
  route('POST', '/api/v2/instances/:instanceID/stop', stopInstance),
  route('POST', '/api/v2/instances/:instanceID/reboot', rebootInstance),
  route('GET', region, listRegions),
  route('GET', `${region}/:regionID/flavors`, listFlavors),
  route('GET', `${region}/:regionID/images`, listImages),
]

/**
 * The compute API ({compute_url} = /local/compute): instances, which the platform serves from a separate compute
 * service. The regional API keeps serving them too, for the spec's single {base_url}.
 */
export const computeRoutes = regionalRoutes.filter((r) => r.path.startsWith('/api/v2/instances'))
