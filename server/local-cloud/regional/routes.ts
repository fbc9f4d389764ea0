import type { Handler } from '../context.ts'
import { Router } from '../http/router.ts'
import { createNetwork, deleteNetwork, getNetwork, listNetworks, updateNetwork } from './networks.ts'

/** The regional API ({base_url} = /local/region): networks, security groups, file storage, instances, catalog. */
export function regionalRouter(): Router<Handler> {
  return new Router<Handler>()
    .add('GET', '/api/v2/networks', listNetworks)
    .add('POST', '/api/v2/networks', createNetwork)
    .add('GET', '/api/v2/networks/:networkID', getNetwork)
    .add('PUT', '/api/v2/networks/:networkID', updateNetwork)
    .add('DELETE', '/api/v2/networks/:networkID', deleteNetwork)
}
