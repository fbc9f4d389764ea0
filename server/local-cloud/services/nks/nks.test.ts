import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { eventually, testClient, type TestClient } from '../../test-client.ts'
import { startLocalCloud } from '../../testing.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

// The operations of nks-core main 2026-08-03: clusters (list 200 400; create 201 400 422; get 200 404; update 200 404
// 409 422; delete 202 404), node pools (the same), platform releases (list 200 400; get 200 404); 403 for a caller
// whose roles grant none of it.
const local = useLocalCloud()
const clusters = '/local/nks/api/v1/clusters'
const pools = '/local/nks/api/v1/nodepools'
const releases = '/local/nks/api/v1/platformreleases'
let org: string
let network: { id: string; projectId: string; regionId: string }
let networkUs: { id: string }
let flavor: string

type Network = { metadata: { id: string; name: string; projectId: string }; status: { regionId: string } }

async function networksOf(api: TestClient, organizationId: string) {
  const listed = await api.get(`/local/region/api/v2/networks?organizationID=${organizationId}`)
  return listed.body as Network[]
}

beforeAll(async () => {
  org = local.organizationId
  const networks = await networksOf(local.api, org)
  const fabric = networks.find((n) => n.metadata.name === 'training-fabric')!
  network = { id: fabric.metadata.id, projectId: fabric.metadata.projectId, regionId: fabric.status.regionId }
  networkUs = { id: networks.find((n) => n.metadata.name === 'experiments-us')!.metadata.id }
  const flavors = await local.api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/flavors`)
  flavor = flavors.body[0].metadata.id
})

const cluster = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { networkId: network.id, platformReleaseId: 'nks-1-32-3', ...spec },
})

const pool = (name: string, clusterId: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { clusterId, provisioningMode: 'compute', replicas: 2, compute: { flavorId: flavor }, ...spec },
})

const reservedPool = (name: string, clusterId: string, reservationId: string, replicas: number) =>
  pool(name, clusterId, {
    provisioningMode: 'reservation',
    compute: undefined,
    reservation: { reservationId },
    replicas,
  })

const nameOf = (item: { metadata: { name: string } }) => item.metadata.name

/** A demo reservation's id by name: Acme's, or Globex's read with its admin. */
async function projectReservation(name: string, api: TestClient = local.api) {
  const listed = await api.get('/local/reservation/api/v2/reservations')
  return (listed.body as { metadata: { id: string; name: string } }[]).find((r) => r.metadata.name === name)!.metadata
    .id
}

/** A new one-unit GB300 reservation, of the cluster network's project in us-east-1 unless told. */
async function newReservation(options: { api?: TestClient; regionId?: string; projectId?: string } = {}) {
  const { api = local.api, regionId = US_EAST_1, projectId = network.projectId } = options
  const created = await api.post('/local/reservation/api/v2/reservations', {
    metadata: { name: `r-${regionId.slice(0, 8)}-${projectId.slice(0, 8)}` },
    spec: { organizationId: org, projectId, regionId, accelerator: 'GB300', unit: 'NVL72', count: 1 },
  })
  expect(created.status).toBe(202)
  return created.body.metadata.id as string
}

describe('platform releases', () => {
  it('lists the catalog, filtered by region, architecture and each flag, and reads one (404 for none)', async () => {
    const all = await local.api.get(releases)
    expect(all.status).toBe(200)
    expect(all.body.map((r: { metadata: { id: string } }) => r.metadata.id)).toContain('nks-1-33-1')
    const us = await local.api.get(`${releases}?regionID=${US_EAST_1}&deprecated=false&withdrawn=false`)
    expect(us.body.map((r: { metadata: { id: string } }) => r.metadata.id)).toEqual(['nks-1-32-3'])
    const arm = await local.api.get(`${releases}?architecture=aarch64&prerelease=true`)
    expect(arm.body).toEqual([])
    const one = await local.api.get(`${releases}/nks-1-32-2`)
    expect(one.body.status).toMatchObject({ withdrawn: true, withdrawalReason: 'SecurityIssue' })
    expect((await local.api.get(`${releases}/nks-0-0-0`)).status).toBe(404)
  })

  it('reads a flag as the platform does (Go booleans: 1, t, TRUE, 0, f, False; empty is absent)', async () => {
    const ids = async (query: string) =>
      (await local.api.get(`${releases}?${query}`)).body.map((r: { metadata: { id: string } }) => r.metadata.id)
    const withdrawn = await ids('withdrawn=true')
    const kept = await ids('withdrawn=false')
    expect(withdrawn).toContain('nks-1-32-2')
    expect(kept).not.toContain('nks-1-32-2')
    for (const yes of ['1', 't', 'T', 'TRUE', 'True']) expect(await ids(`withdrawn=${yes}`)).toEqual(withdrawn)
    for (const no of ['0', 'f', 'F', 'FALSE', 'False']) expect(await ids(`withdrawn=${no}`)).toEqual(kept)
    expect(await ids('withdrawn=')).toEqual(await ids(''))
    expect((await local.api.get(`${releases}?withdrawn=yes`)).status).toBe(400)
  })

  it('refuses a flag that is no boolean and an architecture it does not know (400)', async () => {
    expect((await local.api.get(`${releases}?deprecated=maybe`)).status).toBe(400)
    expect((await local.api.get(`${releases}?architecture=riscv64`)).status).toBe(400)
  })
})

describe('clusters', () => {
  it('creates one (201, with its Location) in the network’s project and region, with the hardware add-ons on by default', async () => {
    const created = await local.api.post(clusters, cluster('c-create'))
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe(`/api/v1/clusters/${created.body.metadata.id}`)
    expect(created.body).toMatchObject({
      metadata: { name: 'c-create', generation: 1, organizationId: org, projectId: network.projectId },
      spec: { networkId: network.id, platformReleaseId: 'nks-1-32-3', addons: { hardware: true } },
      status: { regionId: EU_WEST_1 },
    })
    const id = created.body.metadata.id
    const read = await local.api.get(`${clusters}/${id}`)
    expect(read.body.status.apiServer.certificateAuthorityData).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(read.body.status.apiServer.endpoints.private.port).toBe(6443)
    expect(read.body.status.apiServer.endpoints.public).toBeUndefined()
    expect(read.body.metadata.provisioningStatusDetail).toEqual({
      reason: 'Provisioned',
      message: 'cluster is available',
    })
    const listed = await local.api.get(`${clusters}?networkID=${network.id}&name=c-create`)
    expect(listed.body.map((c: { metadata: { id: string } }) => c.metadata.id)).toEqual([id])
    expect((await local.api.get(`${clusters}?regionID=${US_EAST_1}&name=c-create`)).body).toEqual([])
  })

  it('gives a public endpoint only when asked for one', async () => {
    const created = await local.api.post(
      clusters,
      cluster('c-public', { apiServer: { publicIP: true, allowedCidrs: ['203.0.113.0/24'] } }),
    )
    expect(created.body.spec.apiServer).toEqual({ publicIP: true, allowedCidrs: ['203.0.113.0/24'] })
    expect(created.body.status.apiServer.endpoints.public.address).toMatch(/\.nks\.example\.com$/)
  })

  it.each([
    ['a deprecated release', { platformReleaseId: 'nks-1-31-6' }, 'platform release nks-1-31-6 is deprecated'],
    ['a withdrawn release', { platformReleaseId: 'nks-1-32-2' }, 'platform release nks-1-32-2 has been withdrawn'],
    ['an unknown release', { platformReleaseId: 'nks-9' }, 'platform release nks-9 does not exist'],
    ['an unknown network', { networkId: 'nope' }, 'network nope does not exist'],
    [
      'pods overlapping services',
      { clusterNetwork: { podCidr: '10.96.0.0/12', serviceCidr: '10.96.0.0/16' } },
      'spec.clusterNetwork.podCidr overlaps spec.clusterNetwork.serviceCidr',
    ],
    [
      'services overlapping the network',
      { clusterNetwork: { serviceCidr: '10.20.128.0/20' } },
      'spec.clusterNetwork.serviceCidr overlaps the network prefix',
    ],
    [
      'a pod range that is no CIDR',
      { clusterNetwork: { podCidr: '10.240.0.1/12' } },
      'spec.clusterNetwork.podCidr must be an IPv4 network CIDR',
    ],
  ])('refuses %s (422)', async (_what, spec, message) => {
    const res = await local.api.post(clusters, cluster('c-refused', spec))
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ error: 'unprocessable_content', error_description: message })
  })

  it('refuses a release not available in the network’s region (422)', async () => {
    const res = await local.api.post(
      clusters,
      cluster('c-us', { networkId: networkUs.id, platformReleaseId: 'nks-1-33-1' }),
    )
    expect(res.status).toBe(422)
    expect(res.body.error_description).toBe(`platform release nks-1-33-1 is not available in region ${US_EAST_1}`)
  })

  it('refuses a body outside the schema (400): an unknown spec field, an allowed CIDR that is no IPv4 block', async () => {
    expect((await local.api.post(clusters, cluster('c-400', { extra: true }))).status).toBe(400)
    const badCidr = await local.api.post(clusters, cluster('c-400', { apiServer: { allowedCidrs: ['10.0.0.0/33'] } }))
    expect(badCidr.status).toBe(400)
    expect(badCidr.body.error_description).toContain('/spec/apiServer/allowedCidrs/0')
    expect((await local.api.get(`${clusters}?provisioningStatus=done`)).status).toBe(400)
    expect((await local.api.get(`${clusters}?deleting=yes`)).status).toBe(400)
  })

  it('refuses a name filter that is no resource name (400), on the cluster and node pool lists alike', async () => {
    for (const list of [clusters, pools]) {
      for (const name of ['two words', '-leading-hyphen', 'x'.repeat(64)]) {
        const res = await local.api.get(`${list}?name=${encodeURIComponent(name)}`)
        expect(res.status).toBe(400)
        expect(res.body.error_description).toBe(
          'parameter "name" in query has an error: string doesn\'t match the regular expression "^[0-9A-Za-z](?:[0-9A-Za-z-_.]{0,61}[0-9A-Za-z])?$"',
        )
      }
      expect((await local.api.get(`${list}?name=no-such-name`)).body).toEqual([])
    }
  })

  it('upgrades to an eligible release (200, a new generation), refuses a network change (422) and a missing cluster (404)', async () => {
    const created = await local.api.post(clusters, cluster('c-upgrade'))
    const id = created.body.metadata.id
    const read = await local.api.get(`${clusters}/${id}`)
    // The prerelease is offered too: the document says prereleases "are selectable and are offered as upgrade targets".
    expect(read.body.status.release).toMatchObject({
      appliedId: 'nks-1-32-3',
      eligibleTargets: ['nks-1-33-1', 'nks-1-34-0-beta-1'],
    })
    const upgraded = await local.api.put(`${clusters}/${id}`, cluster('c-upgrade', { platformReleaseId: 'nks-1-33-1' }))
    expect(upgraded.status).toBe(200)
    expect(upgraded.body.metadata.generation).toBe(2)
    const moved = await local.api.put(`${clusters}/${id}`, cluster('c-upgrade', { networkId: networkUs.id }))
    expect(moved.status).toBe(422)
    expect((await local.api.put(`${clusters}/nope`, cluster('c-upgrade'))).status).toBe(404)
  })

  it('refuses an update outside the schema (400), and a release that is no upgrade target or is deprecated (422)', async () => {
    const created = await local.api.post(clusters, cluster('c-targets', { platformReleaseId: 'nks-1-33-1' }))
    const id = created.body.metadata.id
    const at = (platformReleaseId: string, spec: Record<string, unknown> = {}) =>
      local.api.put(`${clusters}/${id}`, cluster('c-targets', { platformReleaseId, ...spec }))
    const extra = await at('nks-1-33-1', { extra: true })
    expect(extra.status).toBe(400)
    expect(extra.body.error).toBe('invalid_request')
    const back = await at('nks-1-32-3')
    expect(back.status).toBe(422)
    expect(back.body.error_description).toBe('platform release nks-1-32-3 is not an upgrade target of this cluster')
    const old = await at('nks-1-31-6')
    expect(old.status).toBe(422)
    expect(old.body.error_description).toBe('platform release nks-1-31-6 is deprecated')
    // Refused, it is where it was: the same generation, at the same release.
    expect((await local.api.get(`${clusters}/${id}`)).body).toMatchObject({
      metadata: { generation: 1 },
      spec: { platformReleaseId: 'nks-1-33-1' },
    })
  })

  it('deletes one with its node pools (202), refuses updating it while it goes (409), and 404s a missing one', async () => {
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const id = (await api.post(clusters, cluster('c-delete'))).body.metadata.id
      const poolId = (await api.post(pools, pool('p-delete', id))).body.metadata.id
      expect((await api.del(`${clusters}/${id}`)).status).toBe(202)
      const going = await api.get(`${clusters}/${id}`)
      expect(going.body.metadata).toMatchObject({
        provisioningStatus: 'deprovisioning',
        deletionTime: expect.any(String),
      })
      expect((await api.get(`${pools}/${poolId}`)).body.metadata.provisioningStatus).toBe('deprovisioning')
      expect(
        (await api.get(`${clusters}?deleting=true`)).body.map((c: { metadata: { id: string } }) => c.metadata.id),
      ).toEqual([id])
      expect((await api.put(`${clusters}/${id}`, cluster('c-delete'))).status).toBe(409)
      expect((await api.post(pools, pool('p-late', id))).status).toBe(422)
      expect((await api.del(`${clusters}/nope`)).status).toBe(404)
    } finally {
      await cloud.stop()
    }
  })

  it('keeps a network a cluster is on from being deleted (403)', async () => {
    const created = await local.api.post(clusters, cluster('c-holds-network'))
    const res = await local.api.del(`/local/region/api/v2/networks/${network.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error_description).toContain('c-holds-network')
    await local.api.del(`${clusters}/${created.body.metadata.id}`)
  })

  it('is refused (403) to a caller whose roles do not grant it, and another organization’s cluster is absent (404)', async () => {
    const created = await local.api.post(clusters, cluster('c-private'))
    const foreign = await local.second.get(`${clusters}/${created.body.metadata.id}`)
    expect(foreign.status).toBe(404)
    const reader = testClient(local.started.url, local.started.cloud.tokens.member)
    const refused = await reader.post(clusters, cluster('c-reader'))
    expect(refused.status).toBe(403)
    expect(refused.body.error_description).toBe('you do not have permission to create clusters in this scope')
  })
})

describe('a cluster provisioning over time, and its node pools converging', () => {
  it('creates the control plane, holds its pools pending until it is up, then brings the workers up one by one', async () => {
    // Long enough for polls every few milliseconds to see each step on a loaded machine.
    const cloud = await startLocalCloud({ provisionMs: 800 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const created = await api.post(clusters, cluster('c-lifecycle'))
      expect(created.body.metadata).toMatchObject({ provisioningStatus: 'provisioning', healthStatus: 'unknown' })
      expect(created.body.status).toEqual({ regionId: EU_WEST_1 })
      const id = created.body.metadata.id
      const made = await api.post(pools, pool('p-lifecycle', id, { replicas: 3 }))
      expect(made.status).toBe(201)
      expect(made.body.metadata).toMatchObject({
        provisioningStatus: 'pending',
        provisioningStatusDetail: {
          reason: 'DependencyNotReady',
          message: 'waiting for cluster c-lifecycle to be provisioned',
        },
      })
      const poolId = made.body.metadata.id
      const seen: string[] = []
      await eventually(async () => {
        const res = await api.get(`${pools}/${poolId}`)
        const s = res.body.status
        const state = `${res.body.metadata.provisioningStatus} ${s.currentReplicas ?? '-'}/${s.readyReplicas ?? '-'}`
        if (seen.at(-1) !== state) seen.push(state)
        return res.body.metadata.provisioningStatus === 'provisioned'
      })
      expect(seen[0]).toBe('pending -/-')
      expect(seen.at(-1)).toBe('provisioned 3/3')
      // Current leads ready, never behind it.
      for (const state of seen.slice(1, -1)) {
        const [current, ready] = state.split(' ')[1]!.split('/').map(Number)
        expect(current).toBeGreaterThanOrEqual(ready!)
      }
      const up = await api.get(`${clusters}/${id}`)
      expect(up.body.metadata.healthStatus).toBe('healthy')
      expect(up.body.status.controlPlane).toEqual({ readyReplicas: 3, desiredReplicas: 3 })
      expect(up.body.status.nodePools).toEqual({
        count: 1,
        totalDesiredReplicas: 3,
        totalCurrentReplicas: 3,
        totalReadyReplicas: 3,
      })
      // Scaled down: a new generation, observed once the workers begin to go.
      const scaled = await api.put(`${pools}/${poolId}`, pool('p-lifecycle', id, { replicas: 1 }))
      expect(scaled.body.metadata).toMatchObject({ generation: 2, provisioningStatus: 'provisioning' })
      const settled = await eventually(async () => {
        const res = await api.get(`${pools}/${poolId}`)
        return res.body.metadata.provisioningStatus === 'provisioned' ? res.body : undefined
      })
      expect(settled.status).toMatchObject({
        observedGeneration: 2,
        desiredReplicas: 1,
        currentReplicas: 1,
        readyReplicas: 1,
        upToDateReplicas: 1,
      })
    } finally {
      await cloud.stop()
    }
  })
})

describe('node pools', () => {
  it('holds each demo cluster’s own pools, two of the same name in two clusters among them', async () => {
    const listed = (await local.api.get(pools)).body as { metadata: { name: string }; spec: { clusterId: string } }[]
    const systems = listed.filter((pool) => pool.metadata.name === 'system')
    expect(new Set(systems.map((pool) => pool.spec.clusterId)).size).toBe(2)
  })

  let clusterId: string
  beforeAll(async () => {
    clusterId = (await local.api.post(clusters, cluster('c-pools'))).body.metadata.id
  })

  it('creates a compute pool with taints (201), lists it by cluster, scales it (200) and deletes it (202)', async () => {
    const taints = [{ key: 'nvidia.com/gpu', effect: 'NoSchedule', propagation: 'Always' }]
    const created = await local.api.post(pools, pool('p-compute', clusterId, { taints }))
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe(`/api/v1/nodepools/${created.body.metadata.id}`)
    expect(created.body.spec).toMatchObject({ provisioningMode: 'compute', replicas: 2, taints })
    const id = created.body.metadata.id
    const listed = await local.api.get(`${pools}?clusterID=${clusterId}`)
    expect(listed.body.map((p: { metadata: { id: string } }) => p.metadata.id)).toEqual([id])
    const scaled = await local.api.put(`${pools}/${id}`, pool('p-compute', clusterId, { replicas: 5, taints }))
    expect(scaled.status).toBe(200)
    expect(scaled.body.status).toMatchObject({ desiredReplicas: 5, readyReplicas: 5, upToDateReplicas: 5 })
    expect((await local.api.del(`${pools}/${id}`)).status).toBe(202)
    expect((await local.api.get(`${pools}/${id}`)).status).toBe(404)
    expect((await local.api.del(`${pools}/${id}`)).status).toBe(404)
  })

  it('takes a reservation of the cluster’s project in its region for a reservation pool, and reports it in its status', async () => {
    const reservationId = await projectReservation('gb300-pretrain')
    const created = await local.api.post(pools, reservedPool('p-reserved', clusterId, reservationId, 2))
    expect(created.status).toBe(201)
    expect(created.body.status.reservation).toEqual({ reservationId, placementId: expect.any(String) })
    expect((await local.api.del(`${pools}/${created.body.metadata.id}`)).status).toBe(202)
  })

  // The node pool takes its workers from a placement it makes on the reservation (nodePoolReservationStatusV1's
  // placementId), one worker a host: the reservation must be one the cluster's project holds, in its region, with
  // the hosts free. createNodePool lists 400, 401, 403, 422 and 500 (no 404 nor 409): each is its 422.
  it('refuses a reservation that does not exist, is another project’s, or is in another region (422)', async () => {
    const projects = await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)
    const otherProject = projects.body.find((p: { metadata: { id: string } }) => p.metadata.id !== network.projectId)
    const elsewhere = await newReservation({ regionId: EU_WEST_1, projectId: otherProject.metadata.id })
    const globex = await projectReservation('h200-folding', local.second)
    const us = await newReservation()
    const refusals = [
      ['nope', 'reservation nope does not exist in the cluster’s project'],
      [elsewhere, `reservation ${elsewhere} does not exist in the cluster’s project`],
      [globex, `reservation ${globex} does not exist in the cluster’s project`],
      [us, `reservation ${us} is not in the cluster’s region`],
    ]
    for (const [reservationId, message] of refusals) {
      const res = await local.api.post(pools, reservedPool('p-refused', clusterId, reservationId!, 1))
      expect(res.status).toBe(422)
      expect(res.body.error).toBe('unprocessable_content')
      expect(res.body.error_description).toBe(message)
    }
    expect((await local.api.get(`${pools}?clusterID=${clusterId}`)).body.map(nameOf)).not.toContain('p-refused')
  })

  it('refuses more workers than the reservation has free hosts (422), at create and at a scale', async () => {
    const reservationId = await projectReservation('gb300-pretrain')
    // Two NVL72 units of 18 hosts; the demo's placement holds 12 of them and its gb300 pool 18: 6 are free.
    const tooMany = await local.api.post(pools, reservedPool('p-big', clusterId, reservationId, 7))
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.error_description).toBe(
      `reservation ${reservationId} has 6 free hosts for this pool; 7 workers were asked for`,
    )
    const fits = await local.api.post(pools, reservedPool('p-fits', clusterId, reservationId, 6))
    expect(fits.status).toBe(201)
    const id = fits.body.metadata.id
    const grown = await local.api.put(`${pools}/${id}`, reservedPool('p-fits', clusterId, reservationId, 8))
    expect(grown.status).toBe(422)
    expect((await local.api.get(`${pools}/${id}`)).body.spec.replicas).toBe(6)
    // Its own workers' hosts stay its own: a scale within them is taken.
    expect((await local.api.put(`${pools}/${id}`, reservedPool('p-fits', clusterId, reservationId, 5))).status).toBe(
      200,
    )
    expect((await local.api.del(`${pools}/${id}`)).status).toBe(202)
  })

  it('refuses a reservation being deleted (422)', async () => {
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const id = (await api.post(clusters, cluster('c-res'))).body.metadata.id
      const reservationId = await newReservation({ api, regionId: EU_WEST_1 })
      expect((await api.del(`/local/reservation/api/v2/reservations/${reservationId}`)).status).toBe(202)
      const res = await api.post(pools, reservedPool('p-going', id, reservationId, 1))
      expect(res.status).toBe(422)
      expect(res.body.error_description).toBe(`reservation ${reservationId} is being deleted`)
    } finally {
      await cloud.stop()
    }
  })

  it.each([
    [
      'no flavor for a compute pool',
      { compute: {} },
      'spec.compute.flavorId is required when provisioningMode is compute',
    ],
    [
      'no reservation for a reservation pool',
      { provisioningMode: 'reservation', compute: undefined },
      'spec.reservation.reservationId is required when provisioningMode is reservation',
    ],
    [
      'a flavor of no region of the cluster',
      { compute: { flavorId: 'nope' } },
      "flavor nope does not exist in the cluster's region",
    ],
    ['an unknown cluster', { clusterId: 'nope' }, 'cluster nope does not exist'],
  ])('refuses %s (422)', async (_what, spec, message) => {
    const res = await local.api.post(pools, pool('p-refused', clusterId, spec))
    expect(res.status).toBe(422)
    expect(res.body.error_description).toBe(message)
  })

  it('refuses a body outside the schema (400): a negative count, a taint effect it does not know', async () => {
    expect((await local.api.post(pools, pool('p-400', clusterId, { replicas: -1 }))).status).toBe(400)
    const taints = [{ key: 'a', effect: 'Sometimes', propagation: 'Always' }]
    expect((await local.api.post(pools, pool('p-400', clusterId, { taints }))).status).toBe(400)
  })

  it('refuses moving a pool to another cluster or mode (422), and a missing pool (404)', async () => {
    const id = (await local.api.post(pools, pool('p-fixed', clusterId))).body.metadata.id
    const other = (await local.api.post(clusters, cluster('c-other'))).body.metadata.id
    expect((await local.api.put(`${pools}/${id}`, pool('p-fixed', other))).status).toBe(422)
    const reservation = { reservationId: await projectReservation('gb300-pretrain') }
    const mode = { provisioningMode: 'reservation', compute: undefined, reservation }
    expect((await local.api.put(`${pools}/${id}`, pool('p-fixed', clusterId, mode))).status).toBe(422)
    expect((await local.api.get(`${pools}/nope`)).status).toBe(404)
    expect((await local.api.put(`${pools}/nope`, pool('p-fixed', clusterId))).status).toBe(404)
  })

  it('refuses a list filter it cannot read (400)', async () => {
    for (const query of ['provisioningStatus=done', 'healthStatus=sick', 'deleting=yes', 'tag=role']) {
      const res = await local.api.get(`${pools}?${query}`)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('invalid_request')
    }
    expect((await local.api.get(`${pools}?provisioningStatus=provisioned&deleting=false`)).status).toBe(200)
  })

  it('refuses an update outside the schema (400): a negative count, a field the document does not have', async () => {
    const id = (await local.api.post(pools, pool('p-schema', clusterId))).body.metadata.id
    const negative = await local.api.put(`${pools}/${id}`, pool('p-schema', clusterId, { replicas: -1 }))
    expect(negative.status).toBe(400)
    expect(negative.body.error_description).toContain('"/spec/replicas"')
    expect((await local.api.put(`${pools}/${id}`, pool('p-schema', clusterId, { extra: true }))).status).toBe(400)
    expect((await local.api.get(`${pools}/${id}`)).body).toMatchObject({
      metadata: { generation: 1 },
      spec: { replicas: 2 },
    })
  })

  it('refuses updating a pool while it is being deleted (409), deleted alone or with its cluster', async () => {
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const id = (await api.post(clusters, cluster('c-going'))).body.metadata.id
      const alone = (await api.post(pools, pool('p-alone', id))).body.metadata.id
      const withIt = (await api.post(pools, pool('p-with', id))).body.metadata.id
      expect((await api.del(`${pools}/${alone}`)).status).toBe(202)
      const refused = await api.put(`${pools}/${alone}`, pool('p-alone', id, { replicas: 4 }))
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ error: 'conflict', error_description: 'node pool is being deleted' })
      expect((await api.get(`${pools}/${alone}`)).body.spec.replicas).toBe(2)
      expect((await api.del(`${clusters}/${id}`)).status).toBe(202)
      expect((await api.put(`${pools}/${withIt}`, pool('p-with', id, { replicas: 4 }))).status).toBe(409)
    } finally {
      await cloud.stop()
    }
  })
})

// nodePoolReservationStatusV1.placementId, "Node-pool-managed Reservation placement ID": a reservation pool's workers
// run on hosts a placement it manages holds (reservation v0.0.14's placementV2Spec.count, minimum 1), so the
// reservation API sees them as taken, as it does any placement's.
describe('a reservation pool’s placement', () => {
  const placements = '/local/reservation/api/v2/placements'
  let cloud: Awaited<ReturnType<typeof startLocalCloud>>
  let api: TestClient
  let us: { id: string; projectId: string }
  let clusterId: string
  let hostsPerUnit: number
  let image: string

  beforeAll(async () => {
    cloud = await startLocalCloud()
    api = testClient(cloud.url, cloud.cloud.tokens.admin)
    const net = (await networksOf(api, org)).find((n) => n.metadata.name === 'experiments-us')!
    us = { id: net.metadata.id, projectId: net.metadata.projectId }
    clusterId = (await api.post(clusters, cluster('c-placed', { networkId: us.id }))).body.metadata.id
    const units = await api.get(`/local/reservation/api/v2/reservation-units?regionID=${US_EAST_1}&accelerator=GB300`)
    hostsPerUnit = units.body[0].hostsPerUnit
    const images = await api.get(`/local/region/api/v2/regions/${US_EAST_1}/images`)
    image = images.body.find((i: { metadata: { name: string } }) => i.metadata.name.startsWith('ubuntu-24.04-cuda'))
      .metadata.id
  })
  afterAll(async () => {
    await cloud.stop()
  })
  // The organization has few GB300 units in the region: each test gives its reservation back, placements and all.
  const reserved: string[] = []
  afterEach(async () => {
    for (const id of reserved.splice(0)) await api.del(`/local/reservation/api/v2/reservations/${id}`)
  })

  /** A one-unit GB300 reservation of the US network's project. */
  async function reserve(name: string) {
    const created = await api.post('/local/reservation/api/v2/reservations', {
      metadata: { name },
      spec: {
        organizationId: org,
        projectId: us.projectId,
        regionId: US_EAST_1,
        accelerator: 'GB300',
        unit: 'NVL72',
        count: 1,
      },
    })
    expect(created.status).toBe(202)
    reserved.push(created.body.metadata.id)
    return created.body.metadata.id as string
  }

  /** A placement made directly through the reservation API, packed on the US network. */
  const place = (name: string, reservationId: string, count: number) =>
    api.post(placements, {
      metadata: { name },
      spec: {
        organizationId: org,
        projectId: us.projectId,
        reservationId,
        networkId: us.id,
        count,
        constraints: { policy: 'pack' },
        serverSpec: { imageId: image },
      },
    })

  async function newPool(name: string, reservationId: string, replicas: number, onCluster = clusterId) {
    const created = await api.post(pools, reservedPool(name, onCluster, reservationId, replicas))
    expect(created.status).toBe(201)
    return created.body as { metadata: { id: string }; status: { reservation: { placementId?: string } } }
  }

  const serversOf = async (placementId: string) => (await api.get(`${placements}/${placementId}/servers`)).body.length

  it('makes a placement of the pool’s replicas in its cluster’s project, region and network, named in its status', async () => {
    const reservationId = await reserve('r-made')
    const created = await newPool('p-made', reservationId, 5)
    const placementId = created.status.reservation.placementId!
    expect(created.status.reservation).toEqual({ reservationId, placementId: expect.any(String) })
    expect((await api.get(`${pools}/${created.metadata.id}`)).body.status.reservation).toEqual({
      reservationId,
      placementId,
    })
    const placement = await api.get(`${placements}/${placementId}`)
    expect(placement.status).toBe(200)
    expect(placement.body.metadata.projectId).toBe(us.projectId)
    expect(placement.body.spec.count).toBe(5)
    expect(placement.body.status).toMatchObject({ regionId: US_EAST_1, reservationId, networkId: us.id })
    expect(await serversOf(placementId)).toBe(5)
    expect((await api.get(`${placements}?reservationID=${reservationId}`)).body).toHaveLength(1)
  })

  it('holds the pool’s hosts: a later placement may take only the rest (409), a release of their unit is refused (422)', async () => {
    const reservationId = await reserve('r-held')
    const pool = await newPool('p-held', reservationId, hostsPerUnit - 2)
    const placementId = pool.status.reservation.placementId!
    const tooMany = await place('pl-too-many', reservationId, 3)
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.error_description).toBe(
      'the reservation has 2 free host(s) for this placement; 3 were asked for',
    )
    const rest = await place('pl-rest', reservationId, 2)
    expect(rest.status).toBe(202)
    expect((await api.del(`${placements}/${rest.body.metadata.id}`)).status).toBe(202)
    // The release names the pool's placement as the blocker of the reservation's one unit, and the pool as its owner.
    const topology = await api.get(
      `/local/reservation/api/v2/organizations/${org}/topology?reservationID=${reservationId}`,
    )
    const overlay = topology.body
      .flatMap((region: { projections: unknown[] }) => region.projections)
      .map((p: { overlays: { reservations: Record<string, { topologyEntityTag: string; units: object }> } }) => p)
      .find((p: { overlays: { reservations: Record<string, unknown> } }) => p.overlays.reservations[reservationId])
      .overlays.reservations[reservationId]
    const [unitId] = Object.keys(overlay.units)
    const released = await api.post(
      `/local/reservation/api/v2/reservations/${reservationId}/units/release`,
      { spec: { unitIds: [unitId] } },
      { headers: { 'If-Match': overlay.topologyEntityTag } },
    )
    expect(released.status).toBe(422)
    expect(released.body.blockers).toEqual([
      {
        unitId,
        consumers: [
          {
            type: 'placement',
            placementId,
            serverIds: expect.any(Array),
            managedBy: { kind: 'NodePool', id: pool.metadata.id },
          },
        ],
      },
    ])
    expect(released.body.blockers[0].consumers[0].serverIds).toHaveLength(hostsPerUnit - 2)
  })

  it('resizes the placement with the pool’s replicas; beyond the free hosts the pool and its placement stay (422)', async () => {
    const reservationId = await reserve('r-resized')
    const pool = await newPool('p-resized', reservationId, 4)
    const id = pool.metadata.id
    const placementId = pool.status.reservation.placementId!
    // Another placement holds all but 2 of the hosts the pool does not.
    expect((await place('pl-beside', reservationId, hostsPerUnit - 6)).status).toBe(202)
    const grown = await api.put(`${pools}/${id}`, reservedPool('p-resized', clusterId, reservationId, 6))
    expect(grown.status).toBe(200)
    expect(grown.body.status.reservation).toEqual({ reservationId, placementId })
    expect((await api.get(`${placements}/${placementId}`)).body.spec.count).toBe(6)
    expect(await serversOf(placementId)).toBe(6)
    // No host is free now: the pool has its own 6 and no more.
    const tooMany = await api.put(`${pools}/${id}`, reservedPool('p-resized', clusterId, reservationId, 7))
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.error_description).toBe(
      `reservation ${reservationId} has 6 free hosts for this pool; 7 workers were asked for`,
    )
    expect((await api.get(`${pools}/${id}`)).body.spec.replicas).toBe(6)
    expect((await api.get(`${placements}/${placementId}`)).body.spec.count).toBe(6)
    const shrunk = await api.put(`${pools}/${id}`, reservedPool('p-resized', clusterId, reservationId, 1))
    expect(shrunk.status).toBe(200)
    expect((await api.get(`${placements}/${placementId}`)).body.spec.count).toBe(1)
    expect(await serversOf(placementId)).toBe(1)
    expect((await place('pl-freed', reservationId, 5)).status).toBe(202)
    // No workers, no placement (a placement holds at least one host): the pool's status names none.
    const none = await api.put(`${pools}/${id}`, reservedPool('p-resized', clusterId, reservationId, 0))
    expect(none.status).toBe(200)
    expect(none.body.status.reservation).toEqual({ reservationId })
    expect((await api.get(`${placements}/${placementId}`)).status).toBe(404)
  })

  it('deletes the placement with the pool, or with the cluster that deletes the pool, freeing its hosts', async () => {
    const reservationId = await reserve('r-freed')
    const pool = await newPool('p-freed', reservationId, hostsPerUnit)
    expect((await api.del(`${pools}/${pool.metadata.id}`)).status).toBe(202)
    expect((await api.get(`${placements}/${pool.status.reservation.placementId}`)).status).toBe(404)
    const whole = await place('pl-whole', reservationId, hostsPerUnit)
    expect(whole.status).toBe(202)
    expect((await api.del(`${placements}/${whole.body.metadata.id}`)).status).toBe(202)
    const doomed = (await api.post(clusters, cluster('c-doomed', { networkId: us.id }))).body.metadata.id
    const onCluster = await newPool('p-doomed', reservationId, hostsPerUnit, doomed)
    expect((await api.del(`${clusters}/${doomed}`)).status).toBe(202)
    expect((await api.get(`${placements}/${onCluster.status.reservation.placementId}`)).status).toBe(404)
    expect((await place('pl-whole-again', reservationId, hostsPerUnit)).status).toBe(202)
  })

  // The documents say nothing of a direct delete of a node pool's placement. Deleting it would leave the pool counting
  // workers on hosts it no longer holds; the platform refuses what is in use with 403, the only refusal the delete
  // lists beside 400 and 404, and says what uses it.
  it('refuses a direct delete of the pool’s placement (403), naming the pool; the placement and its servers stay', async () => {
    const reservationId = await reserve('r-kept')
    const pool = await newPool('p-kept', reservationId, 3)
    const placementId = pool.status.reservation.placementId!
    const refused = await api.del(`${placements}/${placementId}`)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe('forbidden')
    expect(refused.body.error_description).toBe(
      `placement nodepool-${pool.metadata.id} is in use and cannot be deleted: used by node pools p-kept (${pool.metadata.id})`,
    )
    expect((await api.get(`${placements}/${placementId}`)).body.spec.count).toBe(3)
    expect(await serversOf(placementId)).toBe(3)
  })
})
