import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../testing.ts'
import { byName, eventually, testClient, type TestClient } from '../test-client.ts'

const base = '/local/region/api/v2/instances'

interface Fixture {
  org: string
  projectId: string
  networkId: string
  securityGroupId: string
  cpuFlavor: string
  nvidiaFlavor: string
  amdFlavor: string
  plainImage: string
  cudaImage: string
  rocmImage: string
}

async function fixture(api: TestClient, org: string): Promise<Fixture> {
  const network = byName((await api.get('/local/region/api/v2/networks')).body, 'sandbox')
  const flavors = (await api.get(`/local/region/api/v1/organizations/${org}/regions/eu-west-1/flavors`)).body
  const images = (await api.get(`/local/region/api/v1/organizations/${org}/regions/eu-west-1/images`)).body
  const gpu = (vendor: string) => flavors.find((f: { spec: { gpu?: { vendor: string } } }) => f.spec.gpu?.vendor === vendor).metadata.id
  const image = (vendor?: string) => images.find((i: { spec: { gpu?: { vendor: string } } }) => i.spec.gpu?.vendor === vendor).metadata.id
  return {
    org,
    projectId: network.metadata.projectId,
    networkId: network.metadata.id,
    securityGroupId: byName((await api.get(`/local/region/api/v2/securitygroups?networkID=${network.metadata.id}`)).body, 'allow-ssh').metadata.id,
    cpuFlavor: flavors.find((f: { spec: { gpu?: unknown } }) => !f.spec.gpu).metadata.id,
    nvidiaFlavor: gpu('NVIDIA'),
    amdFlavor: gpu('AMD'),
    plainImage: image(undefined),
    cudaImage: image('NVIDIA'),
    rocmImage: image('AMD'),
  }
}

function instance(f: Fixture, name: string, spec: Record<string, unknown> = {}) {
  return {
    metadata: { name },
    spec: { organizationId: f.org, projectId: f.projectId, networkId: f.networkId, flavorId: f.cpuFlavor, imageId: f.plainImage, networking: { securityGroups: [f.securityGroupId] }, ...spec },
  }
}

describe('instances', () => {
  let cloud: StartedLocalCloud
  let api: TestClient
  let f: Fixture
  beforeAll(async () => {
    cloud = await startLocalCloud()
    api = testClient(cloud.url, cloud.cloud.tokens.admin)
    f = await fixture(api, cloud.cloud.demo.organizationId)
  })
  afterAll(() => cloud.stop())

  it('creates (201) a running instance with a private IP from the network and a public IP on request', async () => {
    const res = await api.post(base, instance(f, 'vm-create', { networking: { securityGroups: [f.securityGroupId], publicIP: true } }))
    expect(res.status).toBe(201)
    expect(res.body.metadata).toMatchObject({ name: 'vm-create', organizationId: f.org, projectId: f.projectId, provisioningStatus: 'provisioned', healthStatus: 'healthy' })
    expect(res.body.metadata.createdBy).toBeUndefined()
    expect(res.body.spec).toEqual({ flavorId: f.cpuFlavor, imageId: f.plainImage, networking: { securityGroups: [f.securityGroupId], publicIP: true } })
    expect(res.body.status).toMatchObject({ regionId: 'eu-west-1', networkId: f.networkId, powerState: 'Running' })
    expect(res.body.status.privateIP).toMatch(/^192\.168\.10\.\d+$/)
    expect(res.body.status.publicIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    expect((await api.get(`${base}/${res.body.metadata.id}`)).body).toEqual(res.body)
  })

  it('gives every instance on a network its own address', async () => {
    const a = await api.post(base, instance(f, 'vm-ip-a'))
    const b = await api.post(base, instance(f, 'vm-ip-b'))
    expect(a.body.status.privateIP).not.toBe(b.body.status.privateIP)
  })

  it('stops, starts and reboots; illegal actions are 409 with a reason', async () => {
    const id = (await api.post(base, instance(f, 'vm-power'))).body.metadata.id
    const state = async () => (await api.get(`${base}/${id}`)).body.status.powerState
    const start = await api.post(`${base}/${id}/start`)
    expect(start.status).toBe(409)
    expect(start.body.error).toBe('conflict')
    expect(start.body.error_description).toMatch(/Running/)
    expect((await api.post(`${base}/${id}/stop`)).status).toBe(202)
    expect(await state()).toBe('Stopped')
    expect((await api.post(`${base}/${id}/stop`)).status).toBe(409)
    expect((await api.post(`${base}/${id}/reboot`)).status).toBe(409)
    expect((await api.post(`${base}/${id}/start`)).status).toBe(202)
    expect(await state()).toBe('Running')
    expect((await api.post(`${base}/${id}/reboot`)).status).toBe(202)
    expect(await state()).toBe('Running')
  })

  it('refuses power actions on a failed instance', async () => {
    const failed = byName((await api.get(base)).body, 'gpu-smoke-test')
    expect(failed.metadata.provisioningStatus).toBe('error')
    expect((await api.post(`${base}/${failed.metadata.id}/start`)).status).toBe(409)
  })

  it('updates metadata and security groups (202) and deletes (202)', async () => {
    const id = (await api.post(base, instance(f, 'vm-update'))).body.metadata.id
    const res = await api.put(`${base}/${id}`, { metadata: { name: 'vm-updated' }, spec: { flavorId: f.cpuFlavor, imageId: f.plainImage, networking: { securityGroups: [] } } })
    expect(res.status).toBe(202)
    expect(res.body.metadata.name).toBe('vm-updated')
    expect(res.body.spec.networking.securityGroups).toEqual([])
    expect((await api.del(`${base}/${id}`)).status).toBe(202)
    expect((await api.get(`${base}/${id}`)).status).toBe(404)
  })

  it('accepts GPU images on flavors of the same vendor and rejects a mismatch', async () => {
    expect((await api.post(base, instance(f, 'vm-cuda', { flavorId: f.nvidiaFlavor, imageId: f.cudaImage }))).status).toBe(201)
    expect((await api.post(base, instance(f, 'vm-rocm', { flavorId: f.amdFlavor, imageId: f.rocmImage }))).status).toBe(201)
    const mismatch = await api.post(base, instance(f, 'vm-mismatch', { flavorId: f.amdFlavor, imageId: f.cudaImage }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.error_description).toContain('"/spec/imageId"')
  })

  it.each([
    ['an unknown flavor', { flavorId: 'nope' }, '/spec/flavorId'],
    ['an unknown image', { imageId: 'nope' }, '/spec/imageId'],
    ['an unknown network', { networkId: 'nope' }, '/spec/networkId'],
    ['an unknown security group', { networking: { securityGroups: ['nope'] } }, '/spec/networking/securityGroups/0'],
    ['publicIP that is not a boolean', { networking: { publicIP: 'yes' } }, '/spec/networking/publicIP'],
    ['user data that is not base64', { userData: 'not base64!' }, '/spec/userData'],
    ['a missing flavor', { flavorId: undefined }, '/spec/flavorId'],
  ])('rejects %s', async (_label, spec, path) => {
    const res = await api.post(base, instance(f, 'vm-invalid', spec))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  it('rejects a security group from another network and a flavor from another region', async () => {
    const otherGroup = byName((await api.get('/local/region/api/v2/securitygroups')).body, 'nccl-cluster').metadata.id
    expect((await api.post(base, instance(f, 'vm-x', { networking: { securityGroups: [otherGroup] } }))).body.error_description).toContain('"/spec/networking/securityGroups/0"')
    const usOnly = (await api.get(`/local/region/api/v1/organizations/${f.org}/regions/us-east-1/flavors`)).body.find((fl: { spec: { gpu?: { model: string } } }) => fl.spec.gpu?.model === 'B200').metadata.id
    expect((await api.post(base, instance(f, 'vm-y', { flavorId: usOnly }))).body.error_description).toContain('"/spec/flavorId"')
  })

  it('lists with filters', async () => {
    const res = await api.get(`${base}?networkID=${f.networkId}`)
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
    expect(res.body.every((i: { status: { networkId: string } }) => i.status.networkId === f.networkId)).toBe(true)
    expect((await api.get(`${base}?regionID=us-east-1&networkID=${f.networkId}`)).body).toEqual([])
  })
})

describe('instance lifecycle', () => {
  it('goes Pending → Running with addresses once provisioned, and Running → Stopping → Stopped', async () => {
    const cloud = await startLocalCloud({ provisionMs: 50 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const f = await fixture(api, cloud.cloud.demo.organizationId)
      const created = await api.post(base, instance(f, 'vm-lifecycle'))
      expect(created.body.metadata.provisioningStatus).toBe('provisioning')
      expect(created.body.status.powerState).toBe('Pending')
      expect(created.body.status.privateIP).toBeUndefined()
      const id = created.body.metadata.id
      const running = await eventually(async () => {
        const res = await api.get(`${base}/${id}`)
        return res.body.status.powerState === 'Running' ? res.body : undefined
      })
      expect(running.metadata.provisioningStatus).toBe('provisioned')
      expect(running.status.privateIP).toMatch(/^192\.168\.10\./)
      expect((await api.post(`${base}/${id}/stop`)).status).toBe(202)
      expect((await api.get(`${base}/${id}`)).body.status.powerState).toBe('Stopping')
      expect((await api.post(`${base}/${id}/start`)).status).toBe(409)
      await eventually(async () => (await api.get(`${base}/${id}`)).body.status.powerState === 'Stopped')
      // Deletion is asynchronous too: deprovisioning, then gone.
      expect((await api.del(`${base}/${id}`)).status).toBe(202)
      expect((await api.get(`${base}/${id}`)).body.metadata.provisioningStatus).toBe('deprovisioning')
      await eventually(async () => (await api.get(`${base}/${id}`)).status === 404)
    } finally {
      await cloud.stop()
    }
  })
})
