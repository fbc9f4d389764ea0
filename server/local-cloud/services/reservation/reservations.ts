import * as z from 'zod'
import { offeringOf } from '../../catalog/hardware.ts'
import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, notFound } from '../../platform/errors.ts'
import { markDeleted, readMetadata } from '../../platform/lifecycle.ts'
import { readableIn } from '../../platform/permissions.ts'
import { newRegional, regionalResource } from '../../platform/regional-resource.ts'
import { live, projectScope, requireRegion } from '../../platform/scope.ts'
import type { ResourceMeta } from '../../platform/store/records.ts'
import type { Store } from '../../platform/store/store.ts'
import { registerTable } from '../../platform/store/tables.ts'
import { envelope } from '../../platform/validate.ts'
import { claims, domainIndex, freeRuns, occupants, topologyHash, unitId } from './capacity.ts'

/** A project's claim on contiguous reservation units (NVLink domains) of one offering in a region. */
export interface ReservationRecord {
  meta: ResourceMeta
  organizationId: string
  projectId: string
  regionId: string
  accelerator: string
  unit: string
  /** The units asked for; the claim shrinks below it as units are released. */
  count: number
  machineFlavorId: string
  /** The claimed NVLink domains, in pod order. */
  domainIds: string[]
  /** Bumped by every change to its topology (a claim, a release, a placement made or deleted). */
  revision: number
  topologyHash: string
  /** When its topology last changed (ISO time). */
  observedAt: string
}

declare module '../../platform/store/tables.ts' {
  interface Tables {
    reservations: ReservationRecord
  }
}
registerTable('reservations', { projectId: (r) => [r.projectId] })

export function reservationView(r: ReservationRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(r.meta, now, { createdBy: true }),
      organizationId: r.organizationId,
      projectId: r.projectId,
    },
    spec: { regionId: r.regionId, accelerator: r.accelerator, unit: r.unit, count: r.count },
    status: {
      machineFlavorId: r.machineFlavorId,
      claimedUnitCount: r.domainIds.length,
      topologyHash: r.topologyHash,
      topologyObservedAt: r.observedAt,
    },
  }
}

const resource = regionalResource('reservations', reservationView)

/** The hosts of a reservation's claimed units, by unit id. */
export function unitsOf(r: ReservationRecord): Map<string, string[]> {
  const offering = offeringOf(r.regionId, r.accelerator, r.unit)
  const index = domainIndex(offering?.pods ?? [])
  return new Map(
    r.domainIds.map((domainId) => [
      unitId(r.meta.id, domainId),
      index.get(domainId)?.domain.hosts.map((h) => h.ref) ?? [],
    ]),
  )
}

/** Its new topology after a change: the next revision, hashed over its units and which of their hosts are held. */
export function retopologized(store: Store, r: ReservationRecord, now: number): ReservationRecord {
  const held = occupants(store)
  const occupied = [...unitsOf(r).values()].flat().filter((ref) => held.has(ref))
  const next = { ...r, revision: r.revision + 1 }
  return { ...next, topologyHash: topologyHash(next, occupied), observedAt: new Date(now).toISOString() }
}

const createBody = envelope(
  z.object({
    organizationId: z.string(),
    projectId: z.string(),
    regionId: z.string(),
    accelerator: z.string(),
    unit: z.string(),
    count: z.number().int().min(1),
  }),
)

/**
 * Claims `count` neighbouring free units in one pod of the organization's allocation scope, taking the smallest free
 * run that fits so larger runs stay whole; 507 when no run is long enough.
 */
const create: Handler = async (ctx) => {
  const { metadata, spec } = await ctx.body(createBody)
  const scope = projectScope(ctx, spec)
  requireRegion(ctx.store, spec.organizationId, spec.regionId)
  const offering = offeringOf(spec.regionId, spec.accelerator, spec.unit)
  if (!offering) throw notFound(`reservation unit ${spec.accelerator} ${spec.unit} is not offered in the region`)
  const runs = freeRuns(offering, spec.organizationId, claims(ctx.store))
  const fitting = runs.filter((run) => run.length >= spec.count).sort((a, b) => a.length - b.length)[0]
  if (!fitting) {
    const largest = Math.max(0, ...runs.map((run) => run.length))
    throw new CloudError(
      'insufficient_capacity',
      `insufficient capacity: no contiguous set of ${spec.count} ${spec.accelerator} ${spec.unit} reservation units is available in the region (the largest is ${largest})`,
    )
  }
  const base = {
    ...newRegional(ctx, metadata, { ...scope, regionId: spec.regionId }),
    accelerator: offering.accelerator,
    unit: offering.unit,
    count: spec.count,
    machineFlavorId: offering.machineFlavorId,
    domainIds: fitting.slice(0, spec.count).map((d) => d.id),
    revision: 0,
    topologyHash: '',
    observedAt: '',
  }
  const reservation = retopologized(ctx.store, base, ctx.now)
  ctx.store.reservations.set(reservation)
  return { status: 202, body: reservationView(reservation, ctx.now) }
}

/** Deletes the reservation and every placement allocated from it, with their servers. */
const remove: Handler = (ctx) => {
  const reservation = resource.find(ctx)
  for (const placement of live(ctx.store.placements)) {
    if (placement.reservationId !== reservation.meta.id) continue
    for (const server of live(ctx.store.placementServers)) {
      if (server.placementId === placement.meta.id) markDeleted(ctx, ctx.store.placementServers, server)
    }
    markDeleted(ctx, ctx.store.placements, placement)
  }
  return resource.remove(ctx, reservation)
}

const releaseBody = z.object({
  spec: z.object({
    unitIds: z
      .array(z.string())
      .min(1)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'unit ids must be unique' }),
  }),
})

/** The entity tag as the release answers it and expects it back: the topology hash, quoted. */
export const entityTag = (r: ReservationRecord): string => `"${r.topologyHash}"`

/** Who holds each requested unit's hosts, as the caller may read it: none when the unit is free. */
function blockersOf(ctx: RequestContext, r: ReservationRecord, requested: readonly string[]) {
  const units = unitsOf(r)
  const mayReadPlacements = readableIn(ctx.store, ctx.principal, 'reservation:placements')
  const blockers = []
  for (const id of requested) {
    const hosts = new Set(units.get(id))
    const holders = [...live(ctx.store.placementServers)].filter((s) => hosts.has(s.hostRef))
    if (!holders.length) continue
    const byPlacement = new Map<string, string[]>()
    for (const server of holders)
      byPlacement.set(server.placementId, [...(byPlacement.get(server.placementId) ?? []), server.meta.id])
    const consumers = [...byPlacement]
      .filter(([placementId]) => {
        const placement = ctx.store.placements.get(placementId)
        return placement !== undefined && mayReadPlacements(placement.projectId)
      })
      .map(([placementId, serverIds]) => {
        // `managedBy` is the document's: present for a placement another controller owns (a node pool's).
        const managedBy = ctx.store.placements.get(placementId)?.managedBy
        return { type: 'placement' as const, placementId, serverIds, ...(managedBy && { managedBy }) }
      })
    blockers.push({ unitId: id, consumers })
  }
  return blockers
}

/**
 * Releases whole, unoccupied units, all or none: 428 without If-Match, 412 when its tag is not the reservation's
 * current one, 409 while the reservation is being deleted, 422 with each blocker when a unit still runs a placement's
 * server. Release never deletes servers. Answers the reservation and its new entity tag.
 */
const release: Handler = async (ctx) => {
  const { spec } = await ctx.body(releaseBody)
  const ifMatch = ctx.header('if-match')
  if (ifMatch === undefined || ifMatch.trim() === '') {
    throw new CloudError(
      'precondition_required',
      'an If-Match header with the reservation topology entity tag is required to release units',
    )
  }
  const reservation = resource.find(ctx)
  if (reservation.meta.goneAt !== undefined) throw new CloudError('conflict', 'the reservation is being deleted')
  const tags = ifMatch.split(',').map((tag) => tag.trim())
  if (!tags.includes(entityTag(reservation))) {
    throw new CloudError(
      'precondition_failed',
      'the reservation topology has changed since the entity tag was read; re-read the topology and retry',
    )
  }
  const units = unitsOf(reservation)
  const unknown = spec.unitIds.filter((id) => !units.has(id))
  if (unknown.length)
    throw new CloudError('invalid_request', `${unknown.length} unit id(s) are not units of this reservation`)
  const blockers = blockersOf(ctx, reservation, spec.unitIds)
  if (blockers.length) return { status: 422, body: { blockers } }
  const released = new Set(spec.unitIds)
  const kept = reservation.domainIds.filter((domainId) => !released.has(unitId(reservation.meta.id, domainId)))
  const updated = retopologized(ctx.store, { ...reservation, domainIds: kept }, ctx.now)
  ctx.store.reservations.set(updated)
  return {
    status: 200,
    headers: { ETag: entityTag(updated) },
    body: {
      reservation: reservationView(updated, ctx.now),
      releasedUnits: spec.unitIds.map((id) => ({ id, infrastructureRefs: units.get(id) ?? [] })),
    },
  }
}

/** Reservations: list, create (202, or 507), read, delete, and the release of units. */
export const reservationRoutes = [
  ...resource.routes({ create, delete: remove }),
  route('POST', '/api/v2/reservations/:reservationID/units/release', resource.needs('update'), release),
]
