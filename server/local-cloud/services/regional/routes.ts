import type { Handler } from '../../platform/context.ts'
import { Router } from '../../platform/router.ts'
import { listFlavors, listImages, listRegions, listStorageClasses } from './regions.ts'
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

/** The regional API ({base_url} = /local/region): networks, security groups, file storage, instances, catalog. */
export function regionalRouter(): Router<Handler> {
  const region = '/api/v1/organizations/:organizationID/regions'
  return new Router<Handler>()
    .add('GET', '/api/v2/networks', listNetworks)
    .add('POST', '/api/v2/networks', createNetwork)
    .add('GET', '/api/v2/networks/:networkID', getNetwork)
    .add('PUT', '/api/v2/networks/:networkID', updateNetwork)
    .add('DELETE', '/api/v2/networks/:networkID', deleteNetwork)
    .add('GET', '/api/v2/securitygroups', listSecurityGroups)
    .add('POST', '/api/v2/securitygroups', createSecurityGroup)
    .add('GET', '/api/v2/securitygroups/:securityGroupID', getSecurityGroup)
    .add('PUT', '/api/v2/securitygroups/:securityGroupID', updateSecurityGroup)
    .add('DELETE', '/api/v2/securitygroups/:securityGroupID', deleteSecurityGroup)
    .add('GET', '/api/v2/filestorage', listFileStorage)
    .add('POST', '/api/v2/filestorage', createFileStorage)
    .add('GET', '/api/v2/filestorage/:filestorageID', getFileStorage)
    .add('PUT', '/api/v2/filestorage/:filestorageID', updateFileStorage)
    .add('DELETE', '/api/v2/filestorage/:filestorageID', deleteFileStorage)
    .add('GET', '/api/v2/filestorageclasses', listStorageClasses)
    .add('GET', '/api/v2/instances', listInstances)
    .add('POST', '/api/v2/instances', createInstance)
    .add('GET', '/api/v2/instances/:instanceID', getInstance)
    .add('PUT', '/api/v2/instances/:instanceID', updateInstance)
    .add('DELETE', '/api/v2/instances/:instanceID', deleteInstance)
    .add('POST', '/api/v2/instances/:instanceID/start', startInstance)
    .add('POST', '/api/v2/instances/:instanceID/stop', stopInstance)
    .add('POST', '/api/v2/instances/:instanceID/reboot', rebootInstance)
    .add('GET', region, listRegions)
    .add('GET', `${region}/:regionID/flavors`, listFlavors)
    .add('GET', `${region}/:regionID/images`, listImages)
}
