import type { Topology, TopologyHost, TopologyProjection } from '../api/reservations'

/**
 * What a host of the organization's topology is to the reader: running a placement's server, reserved by one of the
 * reader's reservations and free to place on, held by a reservation the reader cannot see, or free.
 */
export type HostState = 'placed' | 'reserved' | 'held' | 'free'

export function hostState(host: TopologyHost): HostState {
  if (host.placementRef || host.server) return 'placed'
  if (host.reservationRef) return 'reserved'
  return host.reserved ? 'held' : 'free'
}

/** The words each state is said in, beside its colour and pattern: never by colour alone. */
export const HOST_STATE_WORDS: Record<HostState, string> = {
  placed: 'placed',
  reserved: 'reserved, free to place',
  held: 'reserved by another organization or project',
  free: 'free',
}

/** The NVLink domain (its name, else its place in the pod) of each of a projection's hosts. */
export function domainNames(projection: TopologyProjection): Map<string, string> {
  const names = new Map<string, string>()
  for (const pod of projection.topology) {
    pod.domains.forEach((domain, i) => {
      const name = `${pod.name ?? 'pod'} / ${domain.name ?? `domain ${i + 1}`}`
      for (const host of domain.hosts) names.set(host.infrastructureRef, name)
    })
  }
  return names
}

/** The projection that holds a reservation's overlay, if the reader may see it. */
export function projectionOf(topology: Topology, reservationId: string): TopologyProjection | undefined {
  for (const region of topology) {
    for (const projection of region.projections) if (projection.overlays.reservations[reservationId]) return projection
  }
  return undefined
}
/**
 * GPU capacity in GPUs, host by host: held by the reader's reservations, of which placed, and free to reserve.
 * `gpusPerHost` is the catalog's word for each projection (the topology gives hosts, not GPUs).
 */
export function gpuCapacity(
  topology: Topology,
  gpusPerHost: (regionId: string, unit: TopologyProjection['reservationUnit']) => number,
) {
  let reserved = 0
  let placed = 0
  let free = 0
  for (const region of topology) {
    for (const projection of region.projections) {
      const perHost = gpusPerHost(region.regionId, projection.reservationUnit)
      for (const pod of projection.topology)
        for (const domain of pod.domains)
          for (const host of domain.hosts) {
            const state = hostState(host)
            if (state === 'placed') placed += perHost
            if (state === 'placed' || state === 'reserved') reserved += perHost
            if (state === 'free') free += perHost
          }
    }
  }
  return { reserved, placed, free }
}
