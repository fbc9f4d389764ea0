import { REGIONS } from '../../catalog/regions.ts'
import type { RequestContext } from '../../platform/context.ts'
import { exhausted } from '../../platform/errors.ts'
import { formatIPv4, parseCidr } from '../../platform/ip.ts'
import type { Store } from '../../platform/store/store.ts'
import type { NetworkRecord } from './networks.ts'

// The addresses instances and load balancers hold, handed out from one pool each: a network's hosts, and a region's
// public addresses. Neither kind may be given an address the other holds.

/** The host addresses taken in a network: its instances' and its load balancers' virtual IPs. */
export function hostAddressesTaken(store: Store, networkId: string): Set<string> {
  const taken = new Set<string>()
  for (const instance of store.instances.values()) if (instance.networkId === networkId) taken.add(instance.privateIP)
  for (const balancer of store.loadBalancers.values())
    if (balancer.networkId === networkId) taken.add(balancer.vipAddress)
  return taken
}

/** The lowest free host address from .10 upwards, in the lower half of the network (the top /25 is storage's). */
export function allocateHostAddress(ctx: RequestContext, network: NetworkRecord): string {
  const prefix = parseCidr(network.prefix)
  if (!prefix) throw new Error(`stored network ${network.meta.id} has an unreadable prefix`)
  const taken = hostAddressesTaken(ctx.store, network.meta.id)
  const end = Math.min(prefix.base + prefix.size - 128, prefix.base + 65536)
  for (let address = prefix.base + 10; address < end; address++) {
    const text = formatIPv4(address)
    if (!taken.has(text)) return text
  }
  throw exhausted(`network ${network.meta.name} has no free addresses`)
}

/** The lowest free address of the region's public pool, from .10 upwards. */
export function allocatePublicAddress(ctx: RequestContext, regionId: string): string {
  const pool = parseCidr(REGIONS.find((r) => r.id === regionId)?.publicPool ?? '')
  if (!pool) throw new Error(`region ${regionId} has no public address pool`)
  const taken = new Set<string | undefined>([
    ...[...ctx.store.instances.values()].map((i) => i.publicAddress),
    ...[...ctx.store.loadBalancers.values()].map((b) => b.publicAddress),
  ])
  for (let address = pool.base + 10; address < pool.base + pool.size - 1; address++) {
    const text = formatIPv4(address)
    if (!taken.has(text)) return text
  }
  throw exhausted(`region ${regionId} has no free public addresses`)
}
