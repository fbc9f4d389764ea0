import { createHash } from 'node:crypto'
import { inScope, type Domain, type Offering, type Pod } from '../../catalog/hardware.ts'
import type { Store } from '../../platform/store/store.ts'

/**
 * What the hardware holds right now: which NVLink domains (reservation units) reservations claim and which hosts
 * placement servers occupy, read from the store. A claim lasts until its reservation is gone (a reservation being
 * deleted still holds its units), as an occupied host does until its server is gone.
 */

/** The reservation holding each claimed domain, by domain id. */
export function claimsOf(reservations: Iterable<{ meta: { id: string }; domainIds: readonly string[] }>) {
  const held = new Map<string, string>()
  for (const reservation of reservations) {
    for (const domainId of reservation.domainIds) held.set(domainId, reservation.meta.id)
  }
  return held
}

export const claims = (store: Store): Map<string, string> => claimsOf(store.reservations.values())

/** The server occupying each host, by the host's Ironic node UUID. */
export function occupantsOf(servers: Iterable<{ meta: { id: string }; hostRef: string }>): Map<string, string> {
  const held = new Map<string, string>()
  for (const server of servers) held.set(server.hostRef, server.meta.id)
  return held
}

export const occupants = (store: Store): Map<string, string> => occupantsOf(store.placementServers.values())

/** Runs of neighbouring unclaimed domains in each pod of the scope: the contiguous sets a reservation can take. */
export function freeRuns(
  offering: Offering,
  organizationId: string | undefined,
  held: Map<string, string>,
): Domain[][] {
  const runs: Domain[][] = []
  for (const pod of offering.pods.filter((p) => inScope(p, organizationId))) {
    let run: Domain[] = []
    for (const domain of pod.domains) {
      if (held.has(domain.id)) {
        if (run.length) runs.push(run)
        run = []
      } else run.push(domain)
    }
    if (run.length) runs.push(run)
  }
  return runs
}

/** The catalog entry of one offering, counted over the organization's allocation scope (or the whole offering). */
export function unitView(offering: Offering, organizationId: string | undefined, held: Map<string, string>) {
  const pods = offering.pods.filter((p) => inScope(p, organizationId))
  const total = pods.reduce((sum, pod) => sum + pod.domains.length, 0)
  const runs = freeRuns(offering, organizationId, held)
  const { host, hostsPerUnit } = offering
  return {
    regionId: offering.regionId,
    accelerator: offering.accelerator,
    unit: offering.unit,
    machineFlavorId: offering.machineFlavorId,
    deviceTypeResourceClass: offering.deviceTypeResourceClass,
    hostsPerUnit,
    cpusPerUnit: host.cpus * hostsPerUnit,
    gpusPerUnit: host.gpu.physicalCount * hostsPerUnit,
    gpuMemoryPerUnit: host.gpu.physicalCount * host.gpu.memory * hostsPerUnit,
    memoryPerUnit: host.memory * hostsPerUnit,
    host,
    availableUnitCount: runs.reduce((sum, run) => sum + run.length, 0),
    largestContiguousUnitCount: Math.max(0, ...runs.map((run) => run.length)),
    totalCount: total,
  }
}

/** The domains of `pods` by id, with the pod each is in. */
export function domainIndex(pods: readonly Pod[]): Map<string, { pod: Pod; domain: Domain }> {
  const index = new Map<string, { pod: Pod; domain: Domain }>()
  for (const pod of pods) for (const domain of pod.domains) index.set(domain.id, { pod, domain })
  return index
}

/** A reservation's opaque, reservation-scoped unit id for one of its domains. */
export const unitId = (reservationId: string, domainId: string): string =>
  createHash('sha256').update(`unit:${reservationId}/${domainId}`).digest('hex')

/**
 * A reservation's accepted topology hash: its claimed units, which hosts of them are occupied and by what, and its
 * revision (bumped by every change to it), so the entity tag changes on every change.
 */
export function topologyHash(
  reservation: { meta: { id: string }; domainIds: readonly string[]; revision: number },
  occupied: readonly string[],
): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([reservation.meta.id, reservation.revision, reservation.domainIds, occupied]))
    .digest('hex')
  return `sha256:${digest}`
}
