import { route, type Handler, type RequestContext } from '../../platform/context.ts'
import { CloudError, conflict, notFound } from '../../platform/errors.ts'
import { powerChangesAt, powerState, readMetadata, statusChangesAt, transition } from '../../platform/lifecycle.ts'
import { listReply } from '../../platform/filters.ts'
import { live } from '../../platform/scope.ts'
import { findPlacement, placementNeeds, type PlacementServerRecord } from './placements.ts'

export function serverView(s: PlacementServerRecord, now: number) {
  return {
    metadata: {
      ...readMetadata(s.meta, now, { createdBy: true }),
      organizationId: s.organizationId,
      projectId: s.projectId,
    },
    status: {
      regionId: s.regionId,
      reservationId: s.reservationId,
      placementId: s.placementId,
      networkId: s.networkId,
      infrastructureRef: s.hostRef,
      powerState: powerState(s.power, now),
      privateIP: s.privateIP,
      ...(s.publicIP ? { publicIP: s.publicIP } : {}),
      macAddress: s.macAddress,
    },
  }
}

const serversOf = (ctx: RequestContext, placementId: string) =>
  [...live(ctx.store.placementServers)].filter((s) => s.placementId === placementId)

const list: Handler = (ctx) => {
  const placement = findPlacement(ctx)
  return listReply(
    serversOf(ctx, placement.meta.id),
    (s) => serverView(s, ctx.now),
    (s) => Math.min(powerChangesAt(s.power, ctx.now), statusChangesAt(s.meta, ctx.now)),
  )
}

function findServer(ctx: RequestContext): PlacementServerRecord {
  const placement = findPlacement(ctx)
  const server = serversOf(ctx, placement.meta.id).find((s) => s.meta.id === ctx.params.serverID)
  if (!server) throw notFound('placement server not found')
  return server
}

const get: Handler = (ctx) => ({ status: 200, body: serverView(findServer(ctx), ctx.now) })

/** Go's strconv.ParseBool spellings, as the platform reads a boolean query parameter. */
const BOOLEANS = new Map([
  ...['1', 't', 'T', 'true', 'TRUE', 'True'].map((v) => [v, true] as const),
  ...['0', 'f', 'F', 'false', 'FALSE', 'False'].map((v) => [v, false] as const),
])

/**
 * A soft reboot of a Running server passes through Pending back to Running. A hard one power-cycles it, so it also
 * starts a Stopped server (the document has no start). Any other state is a 409.
 */
const reboot: Handler = (ctx) => {
  const raw = ctx.query.get('hard')
  const hard = raw === null ? false : BOOLEANS.get(raw)
  if (hard === undefined)
    throw new CloudError('invalid_request', 'parameter "hard" in query has an error: value must be a boolean')
  const server = findServer(ctx)
  const state = powerState(server.power, ctx.now)
  if (state !== 'Running' && !(hard && state === 'Stopped'))
    throw conflict(
      `the server is ${state}; only a Running server can be rebooted${hard ? ', or a Stopped one hard-rebooted' : ''}`,
    )
  ctx.store.placementServers.set({ ...server, power: transition('Pending', 'Running', ctx.now, ctx.provisionMs) })
  return { status: 202 }
}

/** A Running server stops through Stopping; any other state is a 409. */
const stop: Handler = (ctx) => {
  const server = findServer(ctx)
  const state = powerState(server.power, ctx.now)
  if (state !== 'Running') throw conflict(`the server is ${state}; only a Running server can be stopped`)
  ctx.store.placementServers.set({ ...server, power: transition('Stopping', 'Stopped', ctx.now, ctx.provisionMs) })
  return { status: 202 }
}

const SERVER = '/api/v2/placements/:placementID/servers/:serverID'

/** A placement's servers: listed and read with the placement, rebooted and stopped as an update of it. */
export const placementServerRoutes = [
  route('GET', '/api/v2/placements/:placementID/servers', placementNeeds('read'), list),
  route('GET', SERVER, placementNeeds('read'), get),
  route('POST', `${SERVER}/reboot`, placementNeeds('update'), reboot),
  route('POST', `${SERVER}/stop`, placementNeeds('update'), stop),
]
