import { clusterRoutes } from './clusters.ts'
import { nodePoolRoutes } from './node-pools.ts'
import { platformReleaseRoutes } from './platform-releases.ts'

/** The NKS API ({nks_url} = /local/nks): managed Kubernetes clusters, their node pools and the release catalog. */
export const nksRoutes = [...clusterRoutes, ...nodePoolRoutes, ...platformReleaseRoutes]
