import { fileStorageRoutes } from './file-storage.ts'
import { flavorRoutes } from './flavors.ts'
import { imageRoutes } from './images.ts'
import { instanceAccessRoutes } from './instance-access.ts'
import { instanceRoutes } from './instances.ts'
import { loadBalancerRoutes } from './load-balancers.ts'
import { networkRoutes } from './networks.ts'
import { regionRoutes } from './regions.ts'
import { securityGroupRoutes } from './security-groups.ts'
import { sshCertificateAuthorityRoutes } from './ssh-certificate-authorities.ts'
import { storageClassRoutes } from './storage-classes.ts'
import { computeVersionRoutes, regionVersionRoutes } from '../version.ts'

/**
 * The regional API ({base_url} = /local/region): each resource's file declares its own routes; a new resource is
 * one file and one entry here.
 */
export const regionalRoutes = [
  ...networkRoutes,
  ...securityGroupRoutes,
  ...loadBalancerRoutes,
  ...sshCertificateAuthorityRoutes,
  ...fileStorageRoutes,
  ...storageClassRoutes,
  ...instanceRoutes,
  ...instanceAccessRoutes,
  ...regionRoutes,
  ...flavorRoutes,
  ...imageRoutes,
  ...regionVersionRoutes,
]

/**
 * The compute API ({compute_url} = /local/compute): instances, which the platform serves from a separate compute
 * service, with their SSH key, console and snapshots. The regional API keeps serving them too, for the spec's
 * single {base_url}.
 */
export const computeRoutes = [...instanceRoutes, ...instanceAccessRoutes, ...computeVersionRoutes]
