import { idsOfLength } from '../../platform/path-params.ts'
import { clusterRoutes } from './clusters.ts'
import { nodePoolRoutes } from './node-pools.ts'
import { platformReleaseRoutes } from './platform-releases.ts'

/** The NKS API ({nks_url} = /local/nks): managed Kubernetes clusters, their node pools and the release catalog. */
export const nksRoutes = [...clusterRoutes, ...nodePoolRoutes, ...platformReleaseRoutes]

/** Every id in its paths is the document's resourceID: 1 to 128 characters. */
export const nksPathParams = idsOfLength(['clusterID', 'nodePoolID', 'releaseID'], 1, 128)
