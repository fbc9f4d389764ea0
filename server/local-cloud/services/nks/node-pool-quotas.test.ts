import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud, type TestCloud } from '../../test-cloud.ts'
import { eventually, testClient, type TestClient } from '../../test-client.ts'
import { grantQuota, startLocalCloud } from '../../testing.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

// A node pool's workers are servers (the identity document's `servers`: "Compute instances, virtual and bare metal";
// its allocation example is a Kubernetes cluster's), so a compute pool allocates them and its flavor's GPUs as an
// instance does, and is refused (409, the identity service's sentence) past a quota.
const clusters = '/local/nks/api/v1/clusters'
const pools = '/local/nks/api/v1/nodepools'

interface Quota {
  kind: string
  quantity: number
  used: number
  free: number
}

type Flavor = { metadata: { id: string; name: string }; spec: { gpu?: { physicalCount: number } } }

const quotaOf = async (api: TestClient, org: string, kind: string): Promise<Quota> =>
  (await api.get(`/local/identity/api/v1/organizations/${org}/quotas`)).body.quotas.find((q: Quota) => q.kind === kind)

const refusal = (total: number, kind: string, limit: number) => ({
  error: 'conflict',
  error_description: `The requested allocation of ${total} for ${kind} exceeds the allowed limit of ${limit}.`,
  trace_id: expect.any(String),
})

/** A cluster on the demo's eu-west-1 training network, and a compute pool's body on it. */
async function clusterIn(api: TestClient, org: string, name: string) {
  const networks = (await api.get(`/local/region/api/v2/networks?organizationID=${org}`)).body
  const fabric = networks.find((n: { metadata: { name: string } }) => n.metadata.name === 'training-fabric')
  const created = await api.post(clusters, {
    metadata: { name },
    spec: { networkId: fabric.metadata.id, platformReleaseId: 'nks-1-32-3' },
  })
  expect(created.status).toBe(201)
  const flavorsIn = async (regionId: string): Promise<Flavor[]> =>
    (await api.get(`/local/region/api/v1/organizations/${org}/regions/${regionId}/flavors`)).body
  // The pools' flavors are eu-west-1's; the demo's instances and pools are in both regions.
  const flavors = [...(await flavorsIn(EU_WEST_1)), ...(await flavorsIn(US_EAST_1))]
  const flavorId = (flavor: string) => flavors.find((f) => f.metadata.name === flavor)!.metadata.id
  const clusterId = created.body.metadata.id as string
  const pool = (poolName: string, flavor: string, replicas: number, spec: Record<string, unknown> = {}) => ({
    metadata: { name: poolName },
    spec: { clusterId, provisioningMode: 'compute', replicas, compute: { flavorId: flavorId(flavor) }, ...spec },
  })
  return { clusterId, pool, flavors }
}

const poolNames = async (api: TestClient) =>
  (await api.get(pools)).body.map((p: { metadata: { name: string } }) => p.metadata.name)

describe('node pools allocate servers and GPUs', () => {
  const local: TestCloud = useLocalCloud()
  let org: string
  let on: Awaited<ReturnType<typeof clusterIn>>
  beforeAll(async () => {
    org = local.organizationId
    on = await clusterIn(local.api, org, 'c-quota')
  })

  it('counts each compute pool’s workers in servers and their flavor’s GPUs in gpus, the demo’s pools too', async () => {
    const gpusOf = (flavorId: string) =>
      on.flavors.find((f) => f.metadata.id === flavorId)?.spec.gpu?.physicalCount ?? 0
    const instances: { spec: { flavorId: string } }[] = (await local.api.get('/local/region/api/v2/instances')).body
    type Pool = { spec: { provisioningMode: string; replicas: number; compute?: { flavorId: string } } }
    const listed: Pool[] = (await local.api.get(pools)).body
    // A reservation pool's workers are its placement's servers, which the pool does not allocate again.
    const compute = listed.filter((p) => p.spec.provisioningMode === 'compute')
    expect(listed.length).toBeGreaterThan(compute.length)
    const workers = compute.reduce((sum, p) => sum + p.spec.replicas, 0)
    expect(workers).toBeGreaterThan(0)
    const poolGpus = compute.reduce((sum, p) => sum + p.spec.replicas * gpusOf(p.spec.compute!.flavorId), 0)
    const instanceGpus = instances.reduce((sum, i) => sum + gpusOf(i.spec.flavorId), 0)
    const servers = await quotaOf(local.api, org, 'servers')
    const gpus = await quotaOf(local.api, org, 'gpus')
    expect(servers.used).toBe(instances.length + workers)
    expect(gpus.used).toBe(instanceGpus + poolGpus)

    expect((await local.api.post(pools, on.pool('p-cpu', 'c1.large', 3))).status).toBe(201)
    expect((await local.api.post(pools, on.pool('p-gpu', 'g1.h100.8x', 2))).status).toBe(201)
    expect(await quotaOf(local.api, org, 'servers')).toMatchObject({ used: servers.used + 5, free: servers.free - 5 })
    expect(await quotaOf(local.api, org, 'gpus')).toMatchObject({ used: gpus.used + 16, free: gpus.free - 16 })
  })

  it('refuses (409) a pool past the servers quota and one past the gpus quota, naming it; nothing is made', async () => {
    const servers = await quotaOf(local.api, org, 'servers')
    const gpus = await quotaOf(local.api, org, 'gpus')
    const tooMany = await local.api.post(pools, on.pool('p-too-many', 'c1.large', servers.free + 1))
    expect(tooMany.status).toBe(409)
    expect(tooMany.body).toEqual(refusal(servers.quantity + 1, 'servers', servers.quantity))

    // Few enough servers, too many GPUs.
    const hosts = Math.floor(gpus.free / 8) + 1
    expect(hosts).toBeLessThanOrEqual(servers.free)
    const tooManyGpus = await local.api.post(pools, on.pool('p-too-many-gpus', 'g1.h100.8x', hosts))
    expect(tooManyGpus.status).toBe(409)
    expect(tooManyGpus.body).toEqual(refusal(gpus.used + hosts * 8, 'gpus', gpus.quantity))

    expect(await poolNames(local.api)).not.toContain('p-too-many')
    expect(await poolNames(local.api)).not.toContain('p-too-many-gpus')
    expect(await quotaOf(local.api, org, 'servers')).toEqual(servers)
    expect(await quotaOf(local.api, org, 'gpus')).toEqual(gpus)
  })

  it('refuses (409) scaling a pool up past the quota, which keeps it as it was; down or the same count always fits', async () => {
    const created = await local.api.post(pools, on.pool('p-scale', 'c1.large', 3))
    expect(created.status).toBe(201)
    const id = created.body.metadata.id
    const servers = await quotaOf(local.api, org, 'servers')
    const grown = await local.api.put(`${pools}/${id}`, on.pool('p-scale', 'c1.large', 3 + servers.free + 1))
    expect(grown.status).toBe(409)
    expect(grown.body).toEqual(refusal(servers.quantity + 1, 'servers', servers.quantity))
    expect((await local.api.get(`${pools}/${id}`)).body).toMatchObject({
      metadata: { generation: 1 },
      spec: { replicas: 3 },
    })
    expect(await quotaOf(local.api, org, 'servers')).toEqual(servers)

    // Over a quota the provider lowered, a pool may still keep its count (a taint added) or shrink.
    await grantQuota(local.started.cloud, 'servers', servers.used - 2)
    try {
      const taints = [{ key: 'dedicated', value: 'batch', effect: 'NoSchedule', propagation: 'Always' }]
      expect((await local.api.put(`${pools}/${id}`, on.pool('p-scale', 'c1.large', 3, { taints }))).status).toBe(200)
      expect((await local.api.put(`${pools}/${id}`, on.pool('p-scale', 'c1.large', 2, { taints }))).status).toBe(200)
      // Another flavor of the same count brings GPUs the quota has no room for.
      const gpus = await quotaOf(local.api, org, 'gpus')
      await grantQuota(local.started.cloud, 'gpus', gpus.used + 1)
      const toGpus = await local.api.put(`${pools}/${id}`, on.pool('p-scale', 'g1.h100.1x', 2))
      expect(toGpus.status).toBe(409)
      expect(toGpus.body).toEqual(refusal(gpus.used + 2, 'gpus', gpus.used + 1))
    } finally {
      await grantQuota(local.started.cloud, 'servers', servers.quantity)
      await grantQuota(local.started.cloud, 'gpus', (await quotaOf(local.api, org, 'gpus')).quantity)
    }
  })

  it('gives a pool’s workers back when it is deleted: a create refused before then fits', async () => {
    const servers = await quotaOf(local.api, org, 'servers')
    const pool = on.pool('p-waits', 'c1.large', servers.free + 2)
    expect((await local.api.post(pools, pool)).status).toBe(409)
    const scaled = (await local.api.get(pools)).body.find(
      (p: { metadata: { name: string } }) => p.metadata.name === 'p-scale',
    )
    expect(scaled.spec.replicas).toBe(2)
    expect((await local.api.del(`${pools}/${scaled.metadata.id}`)).status).toBe(202)
    expect(await quotaOf(local.api, org, 'servers')).toMatchObject({ used: servers.used - 2, free: servers.free + 2 })
    expect((await local.api.post(pools, pool)).status).toBe(201)
  })
})

describe('a pool being deleted', () => {
  it('holds its workers until its deletion completes, as an instance does', async () => {
    const cloud = await startLocalCloud({ provisionMs: 400 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const org = cloud.cloud.demo.organizationId
      const on = await clusterIn(api, org, 'c-going')
      const before = await quotaOf(api, org, 'gpus')
      const id = (await api.post(pools, on.pool('p-going', 'g1.h100.8x', 2))).body.metadata.id
      expect((await quotaOf(api, org, 'gpus')).used).toBe(before.used + 16)
      expect((await api.del(`${pools}/${id}`)).status).toBe(202)
      expect((await quotaOf(api, org, 'gpus')).used).toBe(before.used + 16)
      await eventually(async () => (await quotaOf(api, org, 'gpus')).used === before.used)
    } finally {
      await cloud.stop()
    }
  })
})
