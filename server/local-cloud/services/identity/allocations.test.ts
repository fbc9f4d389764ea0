import { describe, expect, it } from 'vitest'
import { useLocalCloud, type TestCloud } from '../../test-cloud.ts'
import { seedManyInstances, seedManyNetworks } from '../../testing.ts'
import { byName } from '../../test-client.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

interface Quota {
  kind: string
  quantity: number
  used: number
  free: number
}

async function quota(local: TestCloud, kind: string): Promise<Quota> {
  const res = await local.api.get(`/local/identity/api/v1/organizations/${local.organizationId}/quotas`)
  return (res.body.quotas as Quota[]).find((q) => q.kind === kind)!
}

/** The refusal the platform's identity service gives an allocation past a quota, passed on by the service. */
const refusal = (total: number, kind: string, limit: number) => ({
  error: 'conflict',
  error_description: `The requested allocation of ${total} for ${kind} exceeds the allowed limit of ${limit}.`,
  trace_id: expect.any(String),
})

/** The demo organization's sandbox network: its project, and what an instance on it needs. */
async function sandbox(local: TestCloud) {
  const network = byName((await local.api.get('/local/region/api/v2/networks')).body, 'sandbox')
  const flavors = (
    await local.api.get(`/local/region/api/v1/organizations/${local.organizationId}/regions/${EU_WEST_1}/flavors`)
  ).body as { metadata: { id: string; name: string } }[]
  const images = (
    await local.api.get(`/local/region/api/v1/organizations/${local.organizationId}/regions/${EU_WEST_1}/images`)
  ).body as { metadata: { id: string }; spec: { gpu?: unknown } }[]
  const instance = (name: string, flavor: string) => ({
    metadata: { name },
    spec: {
      organizationId: local.organizationId,
      projectId: network.metadata.projectId,
      networkId: network.metadata.id,
      flavorId: byName(flavors, flavor).metadata.id,
      imageId: images.find((i) => !i.spec.gpu)!.metadata.id,
    },
  })
  return { network, instance, flavorId: (name: string) => byName(flavors, name).metadata.id }
}

describe('networks allocate against the networks quota', () => {
  const local = useLocalCloud()

  it('refuses (409) the network past the quota in the platform’s words, and takes one once a deletion frees room', async () => {
    const { network } = await sandbox(local)
    const before = await quota(local, 'networks')
    await seedManyNetworks(local.started.cloud, before.free)
    const body = (name: string) => ({
      metadata: { name },
      spec: {
        organizationId: local.organizationId,
        projectId: network.metadata.projectId,
        regionId: EU_WEST_1,
        prefix: '10.97.0.0/24',
        dnsNameservers: [],
      },
    })
    const refused = await local.api.post('/local/region/api/v2/networks', body('one-too-many'))
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual(refusal(before.quantity + 1, 'networks', before.quantity))
    // The allocations never exceed the quota: nothing was made.
    expect(await quota(local, 'networks')).toMatchObject({ used: before.quantity, free: 0 })

    const seeded = byName((await local.api.get('/local/region/api/v2/networks')).body, 'bulk-network-00001')
    expect((await local.api.del(`/local/region/api/v2/networks/${seeded.metadata.id}`)).status).toBe(202)
    expect((await local.api.post('/local/region/api/v2/networks', body('fits-again'))).status).toBe(201)
  })
})

describe('instances allocate servers and GPUs', () => {
  const local = useLocalCloud()

  it('refuses (409) the instance whose GPUs would pass the quota, and a resize to a flavor with more of them', async () => {
    const { instance, flavorId } = await sandbox(local)
    const { free, quantity } = await quota(local, 'gpus')
    for (let i = 0; i < Math.floor(free / 4); i++)
      expect((await local.api.post('/local/region/api/v2/instances', instance(`gpu-${i}`, 'g1.h100.4x'))).status).toBe(
        201,
      )
    const left = (await quota(local, 'gpus')).free
    expect(left).toBeLessThan(4)
    const refused = await local.api.post('/local/region/api/v2/instances', instance('gpu-over', 'g1.h100.4x'))
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual(refusal(quantity - left + 4, 'gpus', quantity))

    // A CPU instance still fits; growing it to four GPUs does not, and the instance keeps its flavor.
    const cpu = await local.api.post('/local/region/api/v2/instances', instance('cpu-then-gpu', 'c1.small'))
    expect(cpu.status).toBe(201)
    const id = cpu.body.metadata.id
    const resized = await local.api.put(`/local/region/api/v2/instances/${id}`, {
      metadata: { name: 'cpu-then-gpu' },
      spec: { ...instance('cpu-then-gpu', 'g1.h100.4x').spec },
    })
    expect(resized.status).toBe(409)
    expect(resized.body).toEqual(refusal(quantity - left + 4, 'gpus', quantity))
    expect((await local.api.get(`/local/region/api/v2/instances/${id}`)).body.spec.flavorId).toBe(flavorId('c1.small'))
  })

  it('refuses (409) the instance past the servers quota', async () => {
    const { instance } = await sandbox(local)
    const { free, quantity } = await quota(local, 'servers')
    await seedManyInstances(local.started.cloud, free)
    const refused = await local.api.post('/local/region/api/v2/instances', instance('server-over', 'c1.small'))
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual(refusal(quantity + 1, 'servers', quantity))
    expect(await quota(local, 'servers')).toMatchObject({ used: quantity, free: 0 })
  })
})

describe('file storage allocates its size', () => {
  const local = useLocalCloud()

  it('refuses (409) a size past what is left, at create and at a resize; shrinking always fits', async () => {
    const { network } = await sandbox(local)
    const storageClassId = (await local.api.get(`/local/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`))
      .body[0].metadata.id
    const body = (name: string, sizeGiB: number) => ({
      metadata: { name },
      spec: {
        organizationId: local.organizationId,
        projectId: network.metadata.projectId,
        regionId: EU_WEST_1,
        storageClassId,
        sizeGiB,
        storageType: { nfs: { rootsquash: true } },
      },
    })
    const { free, quantity } = await quota(local, 'filestorage')
    const refused = await local.api.post('/local/region/api/v2/filestorage', body('too-big', free + 1))
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual(refusal(quantity + 1, 'filestorage', quantity))

    const created = await local.api.post('/local/region/api/v2/filestorage', body('fills-it', free - 10))
    expect(created.status).toBe(201)
    const path = `/local/region/api/v2/filestorage/${created.body.metadata.id}`
    const grown = await local.api.put(path, body('fills-it', free + 1))
    expect(grown.status).toBe(409)
    expect(grown.body).toEqual(refusal(quantity + 1, 'filestorage', quantity))
    expect((await local.api.put(path, body('fills-it', free))).status).toBe(202)
    expect((await local.api.put(path, body('fills-it', 100))).status).toBe(202)
    expect(await quota(local, 'filestorage')).toMatchObject({ free: free - 100 })
  })
})
