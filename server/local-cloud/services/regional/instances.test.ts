import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startAsAdmin, startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { byName, eventually, testClient, type TestClient } from '../../test-client.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

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
  const flavors = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/flavors`)).body
  const images = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/images`)).body
  const gpu = (vendor: string) =>
    flavors.find((f: { spec: { gpu?: { vendor: string } } }) => f.spec.gpu?.vendor === vendor).metadata.id
  const image = (vendor?: string) =>
    images.find((i: { spec: { gpu?: { vendor: string } } }) => i.spec.gpu?.vendor === vendor).metadata.id
  return {
    org,
    projectId: network.metadata.projectId,
    networkId: network.metadata.id,
    securityGroupId: byName(
      (await api.get(`/local/region/api/v2/securitygroups?networkID=${network.metadata.id}`)).body,
      'allow-ssh',
    ).metadata.id,
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
    spec: {
      organizationId: f.org,
      projectId: f.projectId,
      networkId: f.networkId,
      flavorId: f.cpuFlavor,
      imageId: f.plainImage,
      networking: { securityGroups: [f.securityGroupId] },
      ...spec,
    },
  }
}

describe('instances', () => {
  let cloud: StartedLocalCloud
  let api: TestClient
  let f: Fixture
  beforeAll(async () => {
    ;({ cloud, api } = await startAsAdmin())
    f = await fixture(api, cloud.cloud.demo.organizationId)
  })
  afterAll(() => cloud.stop())

  it('creates (201) a running instance with a private IP from the network and a public IP on request', async () => {
    const res = await api.post(
      base,
      instance(f, 'vm-create', { networking: { securityGroups: [f.securityGroupId], publicIP: true } }),
    )
    expect(res.status).toBe(201)
    expect(res.body.metadata).toMatchObject({
      name: 'vm-create',
      organizationId: f.org,
      projectId: f.projectId,
      provisioningStatus: 'provisioned',
      healthStatus: 'healthy',
    })
    expect(res.body.metadata.createdBy).toBeUndefined()
    expect(res.body.spec).toEqual({
      flavorId: f.cpuFlavor,
      imageId: f.plainImage,
      networking: { securityGroups: [f.securityGroupId], publicIP: true },
    })
    expect(res.body.status).toMatchObject({ regionId: EU_WEST_1, networkId: f.networkId, powerState: 'Running' })
    expect(res.body.status.privateIP).toMatch(/^192\.168\.10\.\d+$/)
    expect(res.body.status.publicIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    expect((await api.get(`${base}/${res.body.metadata.id}`)).body).toEqual(res.body)
  })

  it('gives every instance on a network its own address', async () => {
    const a = await api.post(base, instance(f, 'vm-ip-a'))
    const b = await api.post(base, instance(f, 'vm-ip-b'))
    expect(a.body.status.privateIP).not.toBe(b.body.status.privateIP)
  })

  it('stops, starts and reboots; an action in the wrong state fails with 500, as on the platform', async () => {
    const id = (await api.post(base, instance(f, 'vm-power'))).body.metadata.id
    const state = async () => (await api.get(`${base}/${id}`)).body.status.powerState
    const start = await api.post(`${base}/${id}/start`)
    expect(start.status).toBe(500)
    expect(start.body.error).toBe('server_error')
    expect(start.body.error_description).toMatch(/Running/)
    expect((await api.post(`${base}/${id}/stop`)).status).toBe(202)
    expect(await state()).toBe('Stopped')
    expect((await api.post(`${base}/${id}/stop`)).status).toBe(500)
    expect((await api.post(`${base}/${id}/reboot`)).status).toBe(500)
    expect((await api.post(`${base}/${id}/start`)).status).toBe(202)
    expect(await state()).toBe('Running')
    expect((await api.post(`${base}/${id}/reboot`)).status).toBe(202)
    expect(await state()).toBe('Running')
  })

  it('reboots soft by default and hard with ?hard=, reading the parameter as a boolean', async () => {
    const id = (await api.post(base, instance(f, 'vm-reboot'))).body.metadata.id
    for (const hard of ['true', 'false', '1', '0', 'TRUE', 'f']) {
      const res = await api.post(`${base}/${id}/reboot?hard=${hard}`)
      expect(res.status, `hard=${hard}`).toBe(202)
    }
    expect((await api.get(`${base}/${id}`)).body.status.powerState).toBe('Running')
  })

  // Names every plain object inherits are no booleans either.
  it.each(['yes', '', 'on', 'truee', 'constructor', 'hasOwnProperty'])(
    'refuses hard=%j with the platform error naming the parameter, before looking at the instance',
    async (hard) => {
      const id = (await api.post(base, instance(f, `vm-hard-${hard.length}`))).body.metadata.id
      for (const target of [id, 'no-such-instance']) {
        const res = await api.post(`${base}/${target}/reboot?hard=${encodeURIComponent(hard)}`)
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({
          error: 'invalid_request',
          error_description: 'parameter "hard" in query has an error: value must be a boolean',
        })
      }
      // A stopped instance: the parameter is judged first, then the state.
      expect((await api.post(`${base}/${id}/stop`)).status).toBe(202)
      expect((await api.post(`${base}/${id}/reboot?hard=${encodeURIComponent(hard)}`)).status).toBe(400)
      expect((await api.post(`${base}/${id}/reboot?hard=true`)).status).toBe(500)
    },
  )

  it('fails power actions on a failed instance with 500, as on the platform', async () => {
    const failed = byName((await api.get(base)).body, 'gpu-smoke-test')
    expect(failed.metadata.provisioningStatus).toBe('error')
    // The provider's terminal error state, as the region document names it.
    expect(failed.status.powerState).toBe('Error')
    expect((await api.post(`${base}/${failed.metadata.id}/start`)).status).toBe(500)
  })

  it('fails the list with 500, as the compute service does, when the organization filter is outside the caller’s access', async () => {
    const foreign = await api.get(`${base}?organizationID=${cloud.cloud.demo.secondOrganizationId}`)
    expect(foreign.status).toBe(500)
    expect(foreign.body.error).toBe('server_error')
    const own = await api.get(`${base}?organizationID=${cloud.cloud.demo.organizationId}`)
    expect(own.status).toBe(200)
    expect(own.body.length).toBeGreaterThan(0)
  })

  it('updates metadata and security groups (202) and deletes (202)', async () => {
    const id = (await api.post(base, instance(f, 'vm-update'))).body.metadata.id
    const res = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-update', description: 'updated' },
      spec: { flavorId: f.cpuFlavor, imageId: f.plainImage, networking: { securityGroups: [] } },
    })
    expect(res.status).toBe(202)
    expect(res.body.metadata.description).toBe('updated')
    // An optional list, empty: left out, as the compute document types it an array (never null).
    expect(res.body.spec.networking).toEqual({ publicIP: false })
    expect((await api.get(`${base}/${id}`)).body).toEqual(res.body)
    expect((await api.del(`${base}/${id}`)).status).toBe(202)
    expect((await api.get(`${base}/${id}`)).status).toBe(404)
  })

  it('replaces the whole spec on update: description, tags, user data and allowed source addresses left out are cleared', async () => {
    const created = await api.post(base, {
      metadata: { name: 'vm-replace', description: 'first', tags: [{ name: 'team', value: 'a' }] },
      spec: {
        ...instance(f, 'x').spec,
        userData: 'I2Nsb3VkLWNvbmZpZw==',
        networking: { securityGroups: [f.securityGroupId], allowedSourceAddresses: ['10.99.0.0/16'] },
      },
    })
    expect(created.body.spec).toMatchObject({
      userData: 'I2Nsb3VkLWNvbmZpZw==',
      networking: { allowedSourceAddresses: ['10.99.0.0/16'] },
    })
    const id = created.body.metadata.id
    const kept = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-replace', description: 'second', tags: [{ name: 'team', value: 'b' }] },
      spec: {
        flavorId: f.cpuFlavor,
        imageId: f.plainImage,
        userData: 'I2Nsb3VkLWNvbmZpZw==',
        networking: { securityGroups: [f.securityGroupId], allowedSourceAddresses: ['10.99.0.0/16', '10.98.0.0/16'] },
      },
    })
    expect(kept.status).toBe(202)
    expect(kept.body.metadata).toMatchObject({ description: 'second', tags: [{ name: 'team', value: 'b' }] })
    expect(kept.body.spec.networking.allowedSourceAddresses).toEqual(['10.99.0.0/16', '10.98.0.0/16'])
    const cleared = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-replace' },
      spec: { flavorId: f.cpuFlavor, imageId: f.plainImage },
    })
    expect(cleared.body.metadata.description).toBeUndefined()
    expect(cleared.body.metadata.tags).toBeUndefined()
    expect(cleared.body.spec).toEqual({
      flavorId: f.cpuFlavor,
      imageId: f.plainImage,
      networking: { publicIP: false },
    })
  })

  it('gives a public address when publicIP is turned on, keeps it while on, and releases it when turned off', async () => {
    const created = await api.post(base, instance(f, 'vm-public'))
    const id = created.body.metadata.id
    expect(created.body.status.publicIP).toBeUndefined()
    const spec = (publicIP: boolean) => ({
      flavorId: f.cpuFlavor,
      imageId: f.plainImage,
      networking: { securityGroups: [f.securityGroupId], publicIP },
    })
    const on = await api.put(`${base}/${id}`, { metadata: { name: 'vm-public' }, spec: spec(true) })
    expect(on.body.status.publicIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    const again = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-public', description: 'renamed only' },
      spec: spec(true),
    })
    expect(again.body.status.publicIP).toBe(on.body.status.publicIP)
    const off = await api.put(`${base}/${id}`, { metadata: { name: 'vm-public' }, spec: spec(false) })
    expect(off.body.status.publicIP).toBeUndefined()
    expect(off.body.status.privateIP).toBe(created.body.status.privateIP)
  })

  it('answers 404 for an instance that does not exist or is another organization’s: update, delete and power actions', async () => {
    const spec = { flavorId: f.cpuFlavor, imageId: f.plainImage }
    const second = testClient(cloud.url, cloud.cloud.tokens.second)
    const foreign = (await second.get(base)).body[0].metadata.id
    for (const id of ['no-such-instance', foreign]) {
      const update = await api.put(`${base}/${id}`, { metadata: { name: 'vm-missing' }, spec })
      expect([update.status, update.body.error], id).toEqual([404, 'not_found'])
      expect((await api.del(`${base}/${id}`)).status, id).toBe(404)
      for (const action of ['start', 'stop', 'reboot'])
        expect((await api.post(`${base}/${id}/${action}`)).status, `${action} ${id}`).toBe(404)
    }
    // The other organization's instance is untouched.
    expect((await second.get(`${base}/${foreign}`)).body.metadata.provisioningStatus).not.toBe('deprovisioning')
  })

  it('refuses a rename with 422, as compute v1.17.0 says, and keeps the name', async () => {
    const id = (await api.post(base, instance(f, 'vm-rename'))).body.metadata.id
    const spec = { flavorId: f.cpuFlavor, imageId: f.plainImage }
    const renamed = await api.put(`${base}/${id}`, { metadata: { name: 'vm-renamed' }, spec })
    expect(renamed.status).toBe(422)
    expect(renamed.body).toMatchObject({
      error: 'unprocessable_content',
      error_description: 'instance names are immutable; the name cannot change',
    })
    expect((await api.get(`${base}/${id}`)).body.metadata.name).toBe('vm-rename')
  })

  it('keeps the SSH certificate authority an instance trusts, fixed: no key pair for it, and an update that changes or drops it is refused (422)', async () => {
    const ca = (
      await api.post('/local/region/api/v2/sshcertificateauthorities', {
        metadata: { name: 'ca-for-vm' },
        spec: {
          organizationId: f.org,
          projectId: f.projectId,
          publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 test-ca',
        },
      })
    ).body.metadata.id
    // A CA the project does not have is refused, as a network of another project is.
    const unknown = await api.post(
      base,
      instance(f, 'vm-ca-unknown', { sshCertificateAuthorityId: '0b7c43a0-5d1e-4f5a-9c1e-3f2a8d6b9e10' }),
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.error_description).toBe('SSH certificate authority does not exist in the project')
    const created = await api.post(base, instance(f, 'vm-ca', { sshCertificateAuthorityId: ca }))
    expect(created.status).toBe(201)
    expect(created.body.spec.sshCertificateAuthorityId).toBe(ca)
    const id = created.body.metadata.id
    const key = await api.get(`${base}/${id}/sshkey`)
    expect(key.status).toBe(404)
    expect(key.body.error_description).toBe('the instance has no SSH key: it trusts an SSH certificate authority')
    const spec = { flavorId: f.cpuFlavor, imageId: f.plainImage }
    for (const changed of [{}, { sshCertificateAuthorityId: '5e0f3c1b-2a4d-4c6e-8f1a-7b9d0e2c4a61' }]) {
      const refused = await api.put(`${base}/${id}`, { metadata: { name: 'vm-ca' }, spec: { ...spec, ...changed } })
      expect(refused.status).toBe(422)
      expect(refused.body.error).toBe('unprocessable_content')
    }
    const kept = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-ca', description: 'kept' },
      spec: { ...spec, sshCertificateAuthorityId: ca },
    })
    expect(kept.status).toBe(202)
    expect(kept.body.spec.sshCertificateAuthorityId).toBe(ca)
    // One without a CA cannot gain one, and its key is there.
    const plain = (await api.post(base, instance(f, 'vm-no-ca'))).body.metadata.id
    expect((await api.get(`${base}/${plain}/sshkey`)).status).toBe(200)
    const gained = await api.put(`${base}/${plain}`, {
      metadata: { name: 'vm-no-ca' },
      spec: { ...spec, sshCertificateAuthorityId: ca },
    })
    expect(gained.status).toBe(422)
  })

  it('refuses a pinned-only flavor (422): a server on one must name its host, which an instance cannot', async () => {
    const usNetwork = byName((await api.get('/local/region/api/v2/networks')).body, 'experiments-us')
    const flavors = (await api.get(`/local/region/api/v1/organizations/${f.org}/regions/${US_EAST_1}/flavors`)).body
    const pinned = byName(flavors, 'bm1.h200.8x')
    expect(pinned.spec).toMatchObject({ pinnedOnly: true, baremetal: true })
    const refused = await api.post(base, {
      metadata: { name: 'vm-pinned' },
      spec: {
        organizationId: f.org,
        projectId: usNetwork.metadata.projectId,
        networkId: usNetwork.metadata.id,
        flavorId: pinned.metadata.id,
        imageId: f.cudaImage,
      },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error_description).toMatch(/^the flavor is pinned only/)
  })

  it('refuses an update that names a group of another network or an unknown flavor (400), and one without metadata', async () => {
    const id = (await api.post(base, instance(f, 'vm-refuse'))).body.metadata.id
    const spec = { flavorId: f.cpuFlavor, imageId: f.plainImage }
    const otherGroup = byName((await api.get('/local/region/api/v2/securitygroups')).body, 'nccl-cluster').metadata.id
    const foreign = await api.put(`${base}/${id}`, {
      metadata: { name: 'vm-refuse' },
      spec: { ...spec, networking: { securityGroups: [otherGroup] } },
    })
    expect(foreign.body.error_description).toBe('security group does not exist on the instance’s network')
    expect(
      (await api.put(`${base}/${id}`, { metadata: { name: 'vm-refuse' }, spec: { ...spec, flavorId: 'nope' } })).body
        .error_description,
    ).toBe('flavor does not exist in the network’s region')
    expect(
      (await api.put(`${base}/${id}`, { metadata: { name: 'vm-refuse' }, spec: { ...spec, userData: 'not base64!' } }))
        .body.error_description,
    ).toContain('"/spec/userData"')
    expect((await api.put(`${base}/${id}`, { spec })).body.error_description).toContain('"/metadata"')
    expect((await api.get(`${base}/${id}`)).body.metadata.name).toBe('vm-refuse')
  })

  it('accepts GPU images on flavors of the same vendor and rejects a mismatch', async () => {
    expect(
      (await api.post(base, instance(f, 'vm-cuda', { flavorId: f.nvidiaFlavor, imageId: f.cudaImage }))).status,
    ).toBe(201)
    expect((await api.post(base, instance(f, 'vm-rocm', { flavorId: f.amdFlavor, imageId: f.rocmImage }))).status).toBe(
      201,
    )
    const mismatch = await api.post(base, instance(f, 'vm-mismatch', { flavorId: f.amdFlavor, imageId: f.cudaImage }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.error_description).toBe('the image carries NVIDIA GPU drivers but the flavor has AMD GPUs')
  })

  it.each([
    [
      'a security group listed twice',
      { networking: { securityGroups: ['a', 'a'] } },
      '/spec/networking/securityGroups/1',
    ],
    ['publicIP that is not a boolean', { networking: { publicIP: 'yes' } }, '/spec/networking/publicIP'],
    ['user data that is not base64', { userData: 'not base64!' }, '/spec/userData'],
    ['a missing flavor', { flavorId: undefined }, '/spec/flavorId'],
  ])('rejects %s', async (_label, spec, path) => {
    const res = await api.post(base, instance(f, 'vm-invalid', spec))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  it.each([
    ['an unknown flavor', { flavorId: 'nope' }, 'flavor does not exist in the network’s region'],
    ['an unknown image', { imageId: 'nope' }, 'image does not exist in the network’s region'],
    ['an unknown network', { networkId: 'nope' }, 'network does not exist in the project'],
    [
      'an unknown security group',
      { networking: { securityGroups: ['nope'] } },
      'security group does not exist on the instance’s network',
    ],
  ])('rejects %s (a plain sentence)', async (_label, spec, sentence) => {
    const res = await api.post(base, instance(f, 'vm-invalid', spec))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe(sentence)
  })

  it('rejects a security group from another network and a flavor from another region', async () => {
    const otherGroup = byName((await api.get('/local/region/api/v2/securitygroups')).body, 'nccl-cluster').metadata.id
    expect(
      (await api.post(base, instance(f, 'vm-x', { networking: { securityGroups: [otherGroup] } }))).body
        .error_description,
    ).toBe('security group does not exist on the instance’s network')
    const usOnly = (
      await api.get(`/local/region/api/v1/organizations/${f.org}/regions/${US_EAST_1}/flavors`)
    ).body.find((fl: { spec: { gpu?: { model: string } } }) => fl.spec.gpu?.model === 'B200').metadata.id
    expect((await api.post(base, instance(f, 'vm-y', { flavorId: usOnly }))).body.error_description).toBe(
      'flavor does not exist in the network’s region',
    )
  })

  it('lists with filters', async () => {
    const res = await api.get(`${base}?networkID=${f.networkId}`)
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(0)
    expect(res.body.every((i: { status: { networkId: string } }) => i.status.networkId === f.networkId)).toBe(true)
    expect((await api.get(`${base}?regionID=${US_EAST_1}&networkID=${f.networkId}`)).body).toEqual([])
  })
})

describe('instance lifecycle', () => {
  it('resizes a running instance through Pending, reimages it through Rebuilding, and leaves a stopped one stopped', async () => {
    const cloud = await startLocalCloud({ provisionMs: 50 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const f = await fixture(api, cloud.cloud.demo.organizationId)
      const power = async (id: string) => (await api.get(`${base}/${id}`)).body.status.powerState
      const running = async (name: string) => {
        const id = (await api.post(base, instance(f, name))).body.metadata.id
        await eventually(async () => (await power(id)) === 'Running')
        return id
      }
      const id = await running('vm-resize')
      const renamed = await api.put(`${base}/${id}`, {
        metadata: { name: 'vm-resize' },
        spec: { flavorId: f.cpuFlavor, imageId: f.plainImage },
      })
      expect(renamed.body.status.powerState).toBe('Running')
      const resized = await api.put(`${base}/${id}`, {
        metadata: { name: 'vm-resize' },
        spec: { flavorId: f.nvidiaFlavor, imageId: f.plainImage },
      })
      expect(resized.status).toBe(202)
      expect(resized.body.status.powerState).toBe('Pending')
      await eventually(async () => (await power(id)) === 'Running')
      // A new image reimages the server in place: Rebuilding, then Running (region v1.20.0).
      const reimaged = await api.put(`${base}/${id}`, {
        metadata: { name: 'vm-resize' },
        spec: { flavorId: f.nvidiaFlavor, imageId: f.cudaImage },
      })
      expect(reimaged.body.status.powerState).toBe('Rebuilding')
      await eventually(async () => (await power(id)) === 'Running')

      const stoppedId = await running('vm-stopped-resize')
      expect((await api.post(`${base}/${stoppedId}/stop`)).status).toBe(202)
      await eventually(async () => (await power(stoppedId)) === 'Stopped')
      const stillStopped = await api.put(`${base}/${stoppedId}`, {
        metadata: { name: 'vm-stopped-resize' },
        spec: { flavorId: f.nvidiaFlavor, imageId: f.cudaImage },
      })
      expect(stillStopped.body.status.powerState).toBe('Stopped')
    } finally {
      await cloud.stop()
    }
  })

  it('refuses to update an instance while it is being deleted', async () => {
    // A deletion that lasts (a minute), so the update lands inside it however slow the machine is: a 50 ms window
    // was missed under load, the instance already gone (404).
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const f = await fixture(api, cloud.cloud.demo.organizationId)
      const id = (await api.post(base, instance(f, 'vm-deleting'))).body.metadata.id
      expect((await api.del(`${base}/${id}`)).status).toBe(202)
      const late = await api.put(`${base}/${id}`, {
        metadata: { name: 'vm-deleting' },
        spec: { flavorId: f.cpuFlavor, imageId: f.plainImage },
      })
      // The compute document lists 400 among an update's refusals, and no 409.
      expect(late.status).toBe(400)
      expect(late.body.error_description).toBe('the instance is being deleted')
    } finally {
      await cloud.stop()
    }
  })

  it('has no power state until first reconciled, then goes Pending → Queued → Building → Running with addresses once provisioned, and Running → Stopping → Stopped', async () => {
    // The platform's clock is stepped by the test, 10 ms a read: every phase is seen however loaded the machine is
    // (read in real time, a busy machine's first read already saw Queued).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    const cloud = await startLocalCloud({ provisionMs: 1200 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const f = await fixture(api, cloud.cloud.demo.organizationId)
      const created = await api.post(base, instance(f, 'vm-lifecycle'))
      expect(created.body.metadata).toMatchObject({ provisioningStatus: 'unknown', healthStatus: 'unknown' })
      expect(created.body.status).not.toHaveProperty('powerState')
      expect(created.body.status.privateIP).toBeUndefined()
      const id = created.body.metadata.id
      // Every answer until Running, each state once in the order seen, with its provisioning status.
      const seen: string[] = []
      let running
      for (let read = 0; read < 1000 && !running; read++) {
        const res = await api.get(`${base}/${id}`)
        const state = `${res.body.status.powerState} (${res.body.metadata.provisioningStatus})`
        if (seen.at(-1) !== state) seen.push(state)
        if (res.body.status.powerState === 'Running') running = res.body
        vi.advanceTimersByTime(10)
      }
      expect(seen).toEqual([
        'undefined (unknown)',
        'Pending (provisioning)',
        'Queued (provisioning)',
        // Provisioned while the provider still builds it: the power state says when it is ready.
        'Building (provisioned)',
        'Running (provisioned)',
      ])
      expect(running!.status.privateIP).toMatch(/^192\.168\.10\./)
      expect((await api.post(`${base}/${id}/stop`)).status).toBe(202)
      expect((await api.get(`${base}/${id}`)).body.status.powerState).toBe('Stopping')
      expect((await api.post(`${base}/${id}/start`)).status).toBe(500)
      vi.advanceTimersByTime(1200)
      expect((await api.get(`${base}/${id}`)).body.status.powerState).toBe('Stopped')
      // Deletion is asynchronous too: deprovisioning, then gone.
      expect((await api.del(`${base}/${id}`)).status).toBe(202)
      expect((await api.get(`${base}/${id}`)).body.metadata.provisioningStatus).toBe('deprovisioning')
      vi.advanceTimersByTime(1200)
      expect((await api.get(`${base}/${id}`)).status).toBe(404)
    } finally {
      vi.useRealTimers()
      await cloud.stop()
    }
  })
})
