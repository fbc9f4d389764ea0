import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { testClient } from '../../test-client.ts'
import { startLocalCloud } from '../../testing.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

// The 16 operations of reservation v0.0.14, each with its documented statuses and refusals: the catalogs (200, 403),
// reservations (202, 507, 400, 403, 404), the release of units (200 with ETag, 400, 404, 409, 412, 422, 428),
// placements (202, 404, 409, 422), their servers (200, 404, reboot and stop 202, 400, 409), the topology (200, 403).
const local = useLocalCloud()
const base = '/local/reservation/api/v2'
let org: string
let project: string
let network: string
let networkUs: string
let image: string

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON
type Json = any

beforeAll(async () => {
  org = local.organizationId
  const projects = await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)
  project = projects.body.find((p: Json) => p.metadata.name === 'ml-research').metadata.id
  const networks = await local.api.get(`/local/region/api/v2/networks?projectID=${project}`)
  network = networks.body.find((n: Json) => n.metadata.name === 'training-fabric').metadata.id
  networkUs = networks.body.find((n: Json) => n.metadata.name === 'experiments-us').metadata.id
  const images = await local.api.get(`/local/region/api/v2/regions/${EU_WEST_1}/images`)
  image = images.body.find((i: Json) => i.metadata.name.startsWith('ubuntu-24.04-cuda-12.8')).metadata.id
})

const reservationBody = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: {
    organizationId: org,
    projectId: project,
    regionId: US_EAST_1,
    accelerator: 'GB300',
    unit: 'NVL72',
    count: 1,
    ...spec,
  },
})

const placementBody = (name: string, reservationId: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: {
    organizationId: org,
    projectId: project,
    reservationId,
    networkId: network,
    count: 2,
    constraints: { policy: 'spread', maxSkew: 1, minDomains: 2 },
    serverSpec: { imageId: image },
    ...spec,
  },
})

const unitOf = (units: Json[], region: string, accelerator: string) =>
  units.find((u) => u.regionId === region && u.accelerator === accelerator)

async function topology(query = '') {
  const res = await local.api.get(`${base}/organizations/${org}/topology${query}`)
  expect(res.status).toBe(200)
  return res.body as Json[]
}

/** The reservation's overlay in the topology: its entity tag and units. */
async function overlayOf(reservationId: string) {
  for (const region of await topology()) {
    for (const projection of region.projections) {
      const overlay = projection.overlays.reservations[reservationId]
      if (overlay) return overlay
    }
  }
  throw new Error(`no overlay for ${reservationId}`)
}

const release = (id: string, unitIds: string[], tag?: string) =>
  local.api.post(
    `${base}/reservations/${id}/units/release`,
    { spec: { unitIds } },
    {
      headers: tag === undefined ? {} : { 'If-Match': tag },
    },
  )

describe('reservation units', () => {
  it('lists the platform’s offering (200) and the organization’s, counted in its allocation scope', async () => {
    const global = await local.api.get(`${base}/reservation-units`)
    expect(global.status).toBe(200)
    expect(unitOf(global.body, EU_WEST_1, 'GB300')).toMatchObject({
      unit: 'NVL72',
      hostsPerUnit: 18,
      gpusPerUnit: 72,
      totalCount: 7,
      availableUnitCount: 4,
      largestContiguousUnitCount: 2,
    })
    const own = await local.api.get(`${base}/organizations/${org}/reservation-units?accelerator=GB300`)
    expect(own.body.map((u: Json) => u.accelerator)).toEqual(['GB300', 'GB300'])
    // Globex's scope holds its own H200 pod; Acme's does not.
    const acmeH200 = await local.api.get(`${base}/organizations/${org}/reservation-units?accelerator=H200`)
    const globexH200 = await local.second.get(
      `${base}/organizations/${local.started.cloud.demo.secondOrganizationId}/reservation-units?accelerator=H200`,
    )
    expect(acmeH200.body[0]).toMatchObject({ totalCount: 6, availableUnitCount: 6 })
    expect(globexH200.body[0]).toMatchObject({ totalCount: 14, availableUnitCount: 10 })
  })

  it('refuses another organization’s list (403)', async () => {
    expect((await local.second.get(`${base}/organizations/${org}/reservation-units`)).status).toBe(403)
  })
})

describe('reservations', () => {
  it('claims contiguous units (202), lists and reads it, answers 507 when no run is long enough, and deletes (202)', async () => {
    const created = await local.api.post(`${base}/reservations`, reservationBody('res-two', { count: 2 }))
    expect(created.status).toBe(202)
    expect(created.body).toMatchObject({
      metadata: { name: 'res-two', projectId: project },
      spec: { regionId: US_EAST_1, count: 2 },
      status: {
        claimedUnitCount: 2,
        machineFlavorId: 'gb300-nvl72-metal',
        topologyHash: expect.stringMatching(/^sha256:/),
      },
    })
    const id = created.body.metadata.id
    expect((await local.api.get(`${base}/reservations/${id}`)).body).toEqual(created.body)
    const listed = await local.api.get(`${base}/reservations?regionID=${US_EAST_1}&projectID=${project}`)
    expect(listed.body.map((r: Json) => r.metadata.id)).toContain(id)
    const full = await local.api.post(`${base}/reservations`, reservationBody('res-too-many', { count: 2 }))
    expect(full.status).toBe(507)
    expect(full.body.error_description).toMatch(/insufficient capacity.*largest is 1/)
    expect((await local.api.del(`${base}/reservations/${id}`)).status).toBe(202)
    expect((await local.api.get(`${base}/reservations/${id}`)).status).toBe(404)
    const again = await local.api.post(`${base}/reservations`, reservationBody('res-three', { count: 3 }))
    expect(again.status).toBe(202)
    await local.api.del(`${base}/reservations/${again.body.metadata.id}`)
  })

  it('refuses a bad body (400), a unit not offered (404), another organization (403), and a missing one (404)', async () => {
    expect((await local.api.post(`${base}/reservations`, reservationBody('r0', { count: 0 }))).status).toBe(400)
    expect((await local.api.post(`${base}/reservations`, reservationBody('r-b', { unit: 'NVL36' }))).status).toBe(404)
    const foreign = reservationBody('r-f', { organizationId: local.started.cloud.demo.secondOrganizationId })
    expect((await local.api.post(`${base}/reservations`, foreign)).status).toBe(403)
    expect((await local.api.get(`${base}/reservations/nope`)).status).toBe(404)
    expect((await local.api.del(`${base}/reservations/nope`)).status).toBe(404)
  })

  it('is read by a member and created only where the roles grant it (403)', async () => {
    const member = testClient(local.started.url, local.started.cloud.tokens.member)
    expect((await member.get(`${base}/reservations?organizationID=${org}`)).status).toBe(200)
    expect((await member.post(`${base}/reservations`, reservationBody('r-member'))).status).toBe(403)
  })
})

describe('releasing units', () => {
  it('needs If-Match (428), the current tag (412), units of the reservation (400); then releases (200, new ETag)', async () => {
    const created = await local.api.post(`${base}/reservations`, reservationBody('res-release', { count: 2 }))
    const id = created.body.metadata.id
    const overlay = await overlayOf(id)
    const units = Object.keys(overlay.units)
    expect(units).toHaveLength(2)
    expect((await release(id, [units[0]!])).status).toBe(428)
    expect((await release(id, [units[0]!], '"sha256:stale"')).status).toBe(412)
    expect((await release(id, ['not-a-unit'], overlay.topologyEntityTag)).status).toBe(400)
    expect((await release(id, [], overlay.topologyEntityTag)).status).toBe(400)
    expect((await release('nope', [units[0]!], overlay.topologyEntityTag)).status).toBe(404)
    const done = await release(id, [units[0]!], overlay.topologyEntityTag)
    expect(done.status).toBe(200)
    expect(done.body.releasedUnits).toEqual([
      { id: units[0], infrastructureRefs: overlay.units[units[0]!].infrastructureRefs },
    ])
    expect(done.body.reservation.status.claimedUnitCount).toBe(1)
    expect(done.headers.get('etag')).toBe(`"${done.body.reservation.status.topologyHash}"`)
    expect(done.headers.get('etag')).not.toBe(overlay.topologyEntityTag)
    // The tag it read before is stale now.
    expect((await release(id, [units[1]!], overlay.topologyEntityTag)).status).toBe(412)
    await local.api.del(`${base}/reservations/${id}`)
  })

  it('refuses, all or none, a unit that still runs a placement’s servers (422), naming each blocker', async () => {
    const created = await local.api.post(`${base}/reservations`, reservationBody('res-blocked', { count: 2 }))
    const id = created.body.metadata.id
    const pack = { networkId: networkUs, count: 1, constraints: { policy: 'pack' } }
    const placed = await local.api.post(`${base}/placements`, placementBody('blocker', id, pack))
    expect(placed.status).toBe(202)
    const overlay = await overlayOf(id)
    const units = Object.entries(overlay.units as Record<string, Json>)
    const occupied = units.find(([, u]) => u.occupied)![0]
    const free = units.find(([, u]) => !u.occupied)![0]
    const res = await release(id, [occupied, free], overlay.topologyEntityTag)
    expect(res.status).toBe(422)
    const [server] = (await local.api.get(`${base}/placements/${placed.body.metadata.id}/servers`)).body
    expect(res.body).toEqual({
      blockers: [
        {
          unitId: occupied,
          consumers: [{ type: 'placement', placementId: placed.body.metadata.id, serverIds: [server.metadata.id] }],
        },
      ],
    })
    // None released: the claim and the tag are as they were.
    const after = await overlayOf(id)
    expect(after.topologyEntityTag).toBe(overlay.topologyEntityTag)
    expect(after.status.claimedUnitCount).toBe(2)
    await local.api.del(`${base}/reservations/${id}`)
  })

  it('refuses a tag read before a placement changed the topology (412), and the current tag sent weak (412)', async () => {
    const created = await local.api.post(`${base}/reservations`, reservationBody('res-raced', { count: 2 }))
    const id = created.body.metadata.id
    const read = await overlayOf(id)
    // Another client places a server on one of its units after this one read the tag.
    const pack = { networkId: networkUs, count: 1, constraints: { policy: 'pack' } }
    expect((await local.api.post(`${base}/placements`, placementBody('raced', id, pack))).status).toBe(202)
    const current = await overlayOf(id)
    const free = Object.entries(current.units as Record<string, Json>).find(([, u]) => !u.occupied)![0]
    const stale = await release(id, [free], read.topologyEntityTag)
    expect(stale.status).toBe(412)
    expect(stale.body.error_description).toMatch(/topology has changed/)
    // If-Match compares strongly: a weak tag never matches, even the current one.
    expect((await release(id, [free], `W/${current.topologyEntityTag}`)).status).toBe(412)
    expect((await overlayOf(id)).status.claimedUnitCount).toBe(2)
    const done = await release(id, [free], current.topologyEntityTag)
    expect(done.status).toBe(200)
    expect(done.body.reservation.status.claimedUnitCount).toBe(1)
    await local.api.del(`${base}/reservations/${id}`)
  })
})

describe('placements and their servers', () => {
  let reservationId: string
  beforeAll(async () => {
    // Two free units in Acme's own pod, in eu-west-1 beside its network.
    const created = await local.api.post(
      `${base}/reservations`,
      reservationBody('res-place', { regionId: EU_WEST_1, count: 2 }),
    )
    expect(created.status).toBe(202)
    reservationId = created.body.metadata.id
  })

  it('spreads servers over the units (202), lists and reads them, and changes the topology’s tag', async () => {
    const before = (await overlayOf(reservationId)).topologyEntityTag
    const created = await local.api.post(`${base}/placements`, placementBody('spread-two', reservationId))
    expect(created.status).toBe(202)
    expect(created.body).toMatchObject({
      spec: { count: 2, constraints: { policy: 'spread' } },
      status: { reservationId },
    })
    const id = created.body.metadata.id
    expect((await local.api.get(`${base}/placements/${id}`)).body.metadata.id).toBe(id)
    const byReservation = await local.api.get(`${base}/placements?reservationID=${reservationId}`)
    expect(byReservation.body.map((p: Json) => p.metadata.id)).toEqual([id])
    const servers = await local.api.get(`${base}/placements/${id}/servers`)
    expect(servers.status).toBe(200)
    expect(servers.body).toHaveLength(2)
    expect(servers.body[0].metadata.id).toMatch(/^psrv-/)
    expect(servers.body[0].status).toMatchObject({
      placementId: id,
      powerState: 'Running',
      privateIP: expect.any(String),
    })
    const overlay = await overlayOf(reservationId)
    expect(overlay.topologyEntityTag).not.toBe(before)
    // One server on each unit.
    expect(Object.values(overlay.units as Record<string, Json>).map((u) => u.occupied)).toEqual([true, true])
    const one = servers.body[0].metadata.id
    expect((await local.api.get(`${base}/placements/${id}/servers/${one}`)).body).toEqual(servers.body[0])
    expect((await local.api.get(`${base}/placements/${id}/servers/psrv-none`)).status).toBe(404)
    expect((await local.api.del(`${base}/placements/${id}`)).status).toBe(202)
    expect((await local.api.get(`${base}/placements/${id}`)).status).toBe(404)
  })

  it('reboots (soft, hard) and stops a server (202), and refuses what its state does not allow (409, 400)', async () => {
    const created = await local.api.post(`${base}/placements`, placementBody('power', reservationId))
    const id = created.body.metadata.id
    const [server] = (await local.api.get(`${base}/placements/${id}/servers`)).body
    const at = `${base}/placements/${id}/servers/${server.metadata.id}`
    expect((await local.api.post(`${at}/reboot`)).status).toBe(202)
    expect((await local.api.post(`${at}/reboot?hard=maybe`)).status).toBe(400)
    expect((await local.api.post(`${at}/stop`)).status).toBe(202)
    expect((await local.api.get(at)).body.status.powerState).toBe('Stopped')
    expect((await local.api.post(`${at}/stop`)).status).toBe(409)
    expect((await local.api.post(`${at}/reboot`)).status).toBe(409)
    expect((await local.api.post(`${at}/reboot?hard=true`)).status).toBe(202)
    expect((await local.api.get(at)).body.status.powerState).toBe('Running')
    expect((await local.api.post(`${base}/placements/${id}/servers/psrv-none/stop`)).status).toBe(404)
    await local.api.del(`${base}/placements/${id}`)
  })

  it('refuses contradicting constraints (422), unsatisfiable ones with fail (422) but not with bestEffort (202)', async () => {
    const pack = { constraints: { policy: 'pack', maxSkew: 1 } }
    expect((await local.api.post(`${base}/placements`, placementBody('p1', reservationId, pack))).status).toBe(422)
    const tooMany = { constraints: { policy: 'spread', minDomains: 3 }, count: 2 }
    expect((await local.api.post(`${base}/placements`, placementBody('p2', reservationId, tooMany))).status).toBe(422)
    const three = { constraints: { policy: 'spread', minDomains: 3, whenUnsatisfiable: 'fail' }, count: 3 }
    const failed = await local.api.post(`${base}/placements`, placementBody('p3', reservationId, three))
    expect(failed.status).toBe(422)
    expect(failed.body.error_description).toMatch(/unsatisfiable/)
    const best = { constraints: { policy: 'spread', minDomains: 3, whenUnsatisfiable: 'bestEffort' }, count: 3 }
    const placed = await local.api.post(`${base}/placements`, placementBody('p4', reservationId, best))
    expect(placed.status).toBe(202)
    await local.api.del(`${base}/placements/${placed.body.metadata.id}`)
  })

  it('refuses what it cannot find (404), another region’s network (422), a taken name and too many hosts (409)', async () => {
    expect((await local.api.post(`${base}/placements`, placementBody('x1', 'nope'))).status).toBe(404)
    expect(
      (await local.api.post(`${base}/placements`, placementBody('x2', reservationId, { networkId: 'nope' }))).status,
    ).toBe(404)
    const image404 = { serverSpec: { imageId: 'no-such-image' } }
    expect((await local.api.post(`${base}/placements`, placementBody('x3', reservationId, image404))).status).toBe(404)
    expect(
      (await local.api.post(`${base}/placements`, placementBody('x4', reservationId, { networkId: networkUs }))).status,
    ).toBe(422)
    const all = { count: 37, constraints: { policy: 'pack' } }
    expect((await local.api.post(`${base}/placements`, placementBody('x5', reservationId, all))).status).toBe(409)
    const first = await local.api.post(`${base}/placements`, placementBody('same-name', reservationId))
    expect((await local.api.post(`${base}/placements`, placementBody('same-name', reservationId))).status).toBe(409)
    expect((await local.api.del(`${base}/placements/${first.body.metadata.id}`)).status).toBe(202)
    expect((await local.api.del(`${base}/placements/nope`)).status).toBe(404)
  })

  it('refuses a body outside the schema (400), and an SSH certificate authority or security group it cannot find (404)', async () => {
    const zero = await local.api.post(`${base}/placements`, placementBody('b1', reservationId, { count: 0 }))
    expect(zero.status).toBe(400)
    expect(zero.body.error_description).toContain('"/spec/count"')
    const scatter = { constraints: { policy: 'scatter' } }
    expect((await local.api.post(`${base}/placements`, placementBody('b2', reservationId, scatter))).status).toBe(400)
    const ca = { serverSpec: { imageId: image, sshCertificateAuthorityId: 'nope' } }
    const noCa = await local.api.post(`${base}/placements`, placementBody('b3', reservationId, ca))
    expect(noCa.status).toBe(404)
    expect(noCa.body.error_description).toBe('SSH certificate authority not found')
    const group = { serverSpec: { imageId: image, networking: { securityGroups: ['nope'] } } }
    const noGroup = await local.api.post(`${base}/placements`, placementBody('b4', reservationId, group))
    expect(noGroup.status).toBe(404)
    expect(noGroup.body.error_description).toBe('security group not found')
    // None of them placed anything.
    expect((await local.api.get(`${base}/placements?reservationID=${reservationId}`)).body).toEqual([])
  })

  it('answers 404 for the servers of a placement it cannot find, and for a server asked for under another placement', async () => {
    const pack = { count: 1, constraints: { policy: 'pack' } }
    const a = (await local.api.post(`${base}/placements`, placementBody('owner-a', reservationId, pack))).body
    const b = (await local.api.post(`${base}/placements`, placementBody('owner-b', reservationId, pack))).body
    const [server] = (await local.api.get(`${base}/placements/${a.metadata.id}/servers`)).body
    expect((await local.api.get(`${base}/placements/nope/servers`)).status).toBe(404)
    expect((await local.api.get(`${base}/placements/nope/servers/${server.metadata.id}`)).status).toBe(404)
    const elsewhere = `${base}/placements/${b.metadata.id}/servers/${server.metadata.id}`
    expect((await local.api.get(elsewhere)).status).toBe(404)
    expect((await local.api.post(`${elsewhere}/reboot`)).status).toBe(404)
    expect((await local.api.post(`${elsewhere}/stop`)).status).toBe(404)
    expect((await local.api.post(`${base}/placements/${a.metadata.id}/servers/psrv-none/reboot`)).status).toBe(404)
    // Under its own placement the server is there, still running: the refused calls did nothing to it.
    const own = await local.api.get(`${base}/placements/${a.metadata.id}/servers/${server.metadata.id}`)
    expect(own.body.status.powerState).toBe('Running')
    await local.api.del(`${base}/placements/${a.metadata.id}`)
    await local.api.del(`${base}/placements/${b.metadata.id}`)
  })
})

describe('the organization’s topology', () => {
  it('shows its pods down to hosts, its own overlays, and another organization’s hosts as reserved only', async () => {
    const regions = await topology(`?regionID=${EU_WEST_1}&accelerator=GB300`)
    expect(regions.map((r) => r.regionId)).toEqual([EU_WEST_1])
    const [projection] = regions[0].projections
    expect(projection.reservationUnit).toMatchObject({ accelerator: 'GB300', unit: 'NVL72', hostsPerUnit: 18 })
    expect(projection.topology.map((p: Json) => p.name)).toEqual(['pod-1', 'pod-2'])
    const hosts = projection.topology.flatMap((p: Json) => p.domains.flatMap((d: Json) => d.hosts))
    const placed = hosts.find((h: Json) => h.placementRef)
    expect(placed).toMatchObject({
      reserved: true,
      reservationRef: expect.any(String),
      server: { status: { powerState: 'Running' } },
    })
    expect(projection.overlays.placements[placed.placementRef].metadata.name).toBe('pretrain-workers')
    expect(projection.overlays.reservations[placed.reservationRef].metadata.name).toBe('gb300-pretrain')
    // Globex's rack in the shared pod: reserved, and nothing said of whose.
    const foreign = projection.topology[1].domains[0].hosts[0]
    expect(foreign).toEqual({ infrastructureRef: expect.any(String), reserved: true })
    expect((await local.second.get(`${base}/organizations/${org}/topology`)).status).toBe(403)
  })
})

describe('with provisioning time', () => {
  it('boots servers through Pending to Running, and refuses a release while the reservation is deleted (409)', async () => {
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const created = await api.post(`${base}/reservations`, reservationBody('slow'))
      const id = created.body.metadata.id
      const topo = await api.get(`${base}/organizations/${org}/topology?regionID=${US_EAST_1}`)
      const overlay = topo.body[0].projections[0].overlays.reservations[id]
      expect((await api.del(`${base}/reservations/${id}`)).status).toBe(202)
      const res = await api.post(
        `${base}/reservations/${id}/units/release`,
        { spec: { unitIds: Object.keys(overlay.units) } },
        {
          headers: { 'If-Match': overlay.topologyEntityTag },
        },
      )
      expect(res.status).toBe(409)
      const eu = await api.post(`${base}/reservations`, reservationBody('slow-eu', { regionId: EU_WEST_1 }))
      const placement = await api.post(
        `${base}/placements`,
        placementBody('slow-servers', eu.body.metadata.id, { count: 1, constraints: { policy: 'pack' } }),
      )
      const [server] = (await api.get(`${base}/placements/${placement.body.metadata.id}/servers`)).body
      expect(server.status.powerState).toBe('Pending')
      expect(
        (await api.post(`${base}/placements/${placement.body.metadata.id}/servers/${server.metadata.id}/stop`)).status,
      ).toBe(409)
    } finally {
      await cloud.stop()
    }
  })
})
