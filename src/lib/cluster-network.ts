import { overlaps, parseCidr } from './cidr'

/** The NKS document's defaults for a cluster's pod and service networks, taken when a create leaves them out. */
export const CLUSTER_NETWORK_DEFAULTS = { podCidr: '10.240.0.0/12', serviceCidr: '10.96.0.0/16' } as const

/** Which of a cluster's address ranges collide: pods with services, either with the network its nodes are on. */
export type CidrClash = 'pods-services' | 'pods-network' | 'services-network'

/**
 * The collisions among a cluster's pod and service ranges and its network's prefix: the three must be disjoint, or
 * the cluster's routing cannot tell a pod from a service or a node. A range that does not parse collides with nothing
 * here (its own check says what is wrong with it).
 */
export function cidrClashes(podCidr: string, serviceCidr: string, networkPrefix: string | undefined): CidrClash[] {
  const pods = parseCidr(podCidr)
  const services = parseCidr(serviceCidr)
  const network = networkPrefix === undefined ? undefined : parseCidr(networkPrefix)
  const clashes: CidrClash[] = []
  if (pods.ok && services.ok && overlaps(pods.cidr, services.cidr)) clashes.push('pods-services')
  if (network?.ok && pods.ok && overlaps(pods.cidr, network.cidr)) clashes.push('pods-network')
  if (network?.ok && services.ok && overlaps(services.cidr, network.cidr)) clashes.push('services-network')
  return clashes
}
