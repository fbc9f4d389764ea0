import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { byName, eventually, testClient, type TestClient } from '../../test-client.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

let cloud: StartedLocalCloud
let api: TestClient
let org: string
let sandbox: { projectId: string; networkId: string }
let storageClassId: string
const base = '/local/region/api/v2/filestorage'
const GiB = 2 ** 30

beforeAll(async () => {
  cloud = await startLocalCloud()
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
  org = cloud.cloud.demo.organizationId
  const network = byName((await api.get('/local/region/api/v2/networks')).body, 'sandbox')
  sandbox = { projectId: network.metadata.projectId, networkId: network.metadata.id }
  storageClassId = (await api.get(`/local/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`)).body[0].metadata.id
})
afterAll(() => cloud.stop())

const storage = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name, tags: [{ name: 'purpose', value: 'test' }] },
  spec: {
    organizationId: org,
    projectId: sandbox.projectId,
    regionId: EU_WEST_1,
    storageClassId,
    sizeGiB: 10,
    storageType: { nfs: { rootsquash: true } },
    ...spec,
  },
})

describe('file storage', () => {
  it('creates (201) with capacity, both storage type spellings and attachment mount sources', async () => {
    const res = await api.post(
      base,
      storage('fs-create', { sizeGiB: 200, attachments: { networkIds: [sandbox.networkId] } }),
    )
    expect(res.status).toBe(201)
    expect(res.body.metadata).toMatchObject({
      name: 'fs-create',
      tags: [{ name: 'purpose', value: 'test' }],
      createdBy: expect.any(String),
      provisioningStatus: 'provisioned',
    })
    // Default Snapshot Protection resolves to on when the create leaves it out; no policies unless it lists some.
    expect(res.body.spec).toEqual({
      sizeGiB: 200,
      storageType: { NFS: { rootSquash: true } },
      attachments: { networkIds: [sandbox.networkId] },
      defaultSnapshotProtectionEnabled: true,
      snapshotPolicies: [],
    })
    expect(res.body.status.snapshotPolicies).toEqual([])
    // A new file system holds nothing yet.
    expect(res.body.status.usage).toEqual({ capacityBytes: 200 * GiB, usedBytes: 0 })
    expect(res.body.status.attachments).toEqual([
      {
        networkId: sandbox.networkId,
        mountSource: expect.stringMatching(new RegExp(`^192\\.168\\.10\\.\\d+:/fs-${res.body.metadata.id}$`)),
        provisioningStatus: 'provisioned',
      },
    ])
    expect(res.body.status).toMatchObject({ regionId: EU_WEST_1, storageClassId })
    expect((await api.get(`${base}/${res.body.metadata.id}`)).body).toEqual(res.body)
  })

  it('leaves out tags it was not given, and answers no attachments as null', async () => {
    const res = await api.post(base, { ...storage('fs-bare'), metadata: { name: 'fs-bare' } })
    expect(res.status).toBe(201)
    expect(res.body.metadata).not.toHaveProperty('tags')
    expect(res.body.status.attachments).toBeNull()
  })

  it('accepts the platform spelling NFS.rootSquash, and answers in it', async () => {
    const res = await api.post(base, storage('fs-upper', { storageType: { NFS: { rootSquash: false } } }))
    expect(res.status).toBe(201)
    expect(res.body.spec.storageType).toEqual({ NFS: { rootSquash: false } })
  })

  it('resizes, detaches and deletes', async () => {
    const id = (await api.post(base, storage('fs-update', { attachments: { networkIds: [sandbox.networkId] } }))).body
      .metadata.id
    const res = await api.put(`${base}/${id}`, {
      metadata: { name: 'fs-update' },
      spec: { sizeGiB: 50, storageType: { nfs: { rootsquash: false } }, attachments: { networkIds: [] } },
    })
    expect(res.status).toBe(202)
    expect(res.body.spec.sizeGiB).toBe(50)
    expect(res.body.status.usage.capacityBytes).toBe(50 * GiB)
    // An optional list, empty: null, as the platform answers it.
    expect(res.body.status.attachments).toBeNull()
    expect((await api.del(`${base}/${id}`)).status).toBe(202)
    expect((await api.get(`${base}/${id}`)).status).toBe(404)
  })

  it('answers 404 for file storage that does not exist: read, update and delete', async () => {
    const spec = { sizeGiB: 10, storageType: { nfs: { rootsquash: true } } }
    expect((await api.get(`${base}/no-such-storage`)).status).toBe(404)
    const update = await api.put(`${base}/no-such-storage`, { metadata: { name: 'fs-missing' }, spec })
    expect([update.status, update.body.error]).toEqual([404, 'not_found'])
    expect((await api.del(`${base}/no-such-storage`)).status).toBe(404)
  })

  it('never shrinks below the bytes in use', async () => {
    const full = byName((await api.get(base)).body, 'feature-store')
    const used = full.status.usage.usedBytes
    const tooSmall = Math.floor(used / GiB) - 1
    const res = await api.put(`${base}/${full.metadata.id}`, {
      metadata: { name: 'feature-store' },
      spec: { sizeGiB: tooSmall, storageType: { nfs: { rootsquash: true } }, attachments: full.spec.attachments },
    })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe(
      `cannot be smaller than the data already stored (${Math.ceil(used / GiB)} GiB in use)`,
    )
  })

  it('lists with filters; demo usage is plausible', async () => {
    const all = (await api.get(`${base}?regionID=${EU_WEST_1}`)).body
    expect(all.length).toBeGreaterThan(3)
    for (const item of all) {
      expect(item.status.regionId).toBe(EU_WEST_1)
      expect(item.status.usage.usedBytes).toBeLessThanOrEqual(item.status.usage.capacityBytes)
    }
    // The demo's file systems hold data: a view that reported nothing used would pass the bound above.
    expect(all.some((item: { status: { usage: { usedBytes: number } } }) => item.status.usage.usedBytes > 0)).toBe(true)
    const tagged = (await api.get(`${base}?tag=purpose%3Dtest`)).body
    expect(tagged.length).toBeGreaterThan(0)
    expect(
      tagged.every((s: { metadata: { tags: { name: string }[] } }) =>
        s.metadata.tags.some((t) => t.name === 'purpose'),
      ),
    ).toBe(true)
  })

  it.each([
    ['size 0', { sizeGiB: 0 }, '/spec/sizeGiB'],
    ['a fractional size', { sizeGiB: 1.5 }, '/spec/sizeGiB'],
    ['a size given as a string', { sizeGiB: '10' }, '/spec/sizeGiB'],
    ['a missing size', { sizeGiB: undefined }, '/spec/sizeGiB'],
    ['no storage type', { storageType: undefined }, '/spec/storageType'],
    ['an empty storage type', { storageType: {} }, '/spec/storageType/nfs'],
    [
      'rootsquash that is not a boolean',
      { storageType: { nfs: { rootsquash: 'yes' } } },
      '/spec/storageType/nfs/rootsquash',
    ],
    ['a network listed twice', { attachments: { networkIds: ['a', 'a'] } }, '/spec/attachments/networkIds/1'],
  ])('rejects %s', async (_label, spec, path) => {
    const res = await api.post(base, storage('fs-invalid', spec))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  it.each([
    ['an unknown storage class', { storageClassId: 'nope' }, 'storage class does not exist in the region'],
    [
      'an unknown network attachment',
      { attachments: { networkIds: ['nope'] } },
      'network does not exist in the file storage’s project and region',
    ],
    [
      'both spellings of the storage type, disagreeing',
      { storageType: { nfs: { rootsquash: true }, NFS: { rootSquash: false } } },
      'nfs and NFS disagree',
    ],
  ])('rejects %s (a plain sentence)', async (_label, spec, sentence) => {
    const res = await api.post(base, storage('fs-invalid', spec))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe(sentence)
  })

  it('rejects an attachment to a network of another project or region', async () => {
    const networks = (await api.get('/local/region/api/v2/networks')).body
    const otherProject = byName(networks, 'training-fabric').metadata.id
    const res = await api.post(base, storage('fs-cross', { attachments: { networkIds: [otherProject] } }))
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('network does not exist in the file storage’s project and region')
  })

  it('keeps a network with attached storage from being deleted', async () => {
    const net = await api.post('/local/region/api/v2/networks', {
      metadata: { name: 'fs-net' },
      spec: {
        organizationId: org,
        projectId: sandbox.projectId,
        regionId: EU_WEST_1,
        prefix: '10.77.0.0/24',
        dnsNameservers: [],
      },
    })
    await api.post(base, storage('fs-on-net', { attachments: { networkIds: [net.body.metadata.id] } }))
    const res = await api.del(`/local/region/api/v2/networks/${net.body.metadata.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error_description).toMatch(/fs-on-net/)
  })
})

describe('file storage snapshot policies and default protection (region v1.20.0)', () => {
  const nightly = { name: 'nightly', schedule: { interval: 'daily', timeOfDay: '02:00Z' }, retention: { keep: 7 } }
  const weekly = {
    name: 'weekly',
    schedule: { interval: 'weekly', timeOfDay: '03:30Z', dayOfWeek: 'sunday' },
    retention: { keep: 4 },
  }

  it('stores the policies exactly as given and the protection as chosen, and reports each policy’s state', async () => {
    const res = await api.post(
      base,
      storage('fs-policies', { defaultSnapshotProtectionEnabled: false, snapshotPolicies: [nightly, weekly] }),
    )
    expect(res.status).toBe(201)
    expect(res.body.spec).toMatchObject({
      defaultSnapshotProtectionEnabled: false,
      snapshotPolicies: [nightly, weekly],
    })
    expect(res.body.status.snapshotPolicies).toEqual([
      { name: 'nightly', provisioningStatus: 'provisioned' },
      { name: 'weekly', provisioningStatus: 'provisioned' },
    ])
    expect((await api.get(`${base}/${res.body.metadata.id}`)).body).toEqual(res.body)
  })

  it('on update: left out, both stay; an empty list clears the policies; a list replaces them whole', async () => {
    const created = await api.post(base, storage('fs-policy-update', { snapshotPolicies: [nightly] }))
    const path = `${base}/${created.body.metadata.id}`
    const spec = { sizeGiB: 10, storageType: { nfs: { rootsquash: true } } }
    const kept = await api.put(path, { metadata: { name: 'fs-policy-update' }, spec })
    expect(kept.status).toBe(202)
    expect(kept.body.spec).toMatchObject({ defaultSnapshotProtectionEnabled: true, snapshotPolicies: [nightly] })

    const replaced = await api.put(path, {
      metadata: { name: 'fs-policy-update' },
      spec: { ...spec, defaultSnapshotProtectionEnabled: false, snapshotPolicies: [weekly] },
    })
    expect(replaced.body.spec).toMatchObject({ defaultSnapshotProtectionEnabled: false, snapshotPolicies: [weekly] })
    expect(replaced.body.status.snapshotPolicies).toEqual([{ name: 'weekly', provisioningStatus: 'provisioned' }])

    const cleared = await api.put(path, {
      metadata: { name: 'fs-policy-update' },
      spec: { ...spec, snapshotPolicies: [] },
    })
    expect(cleared.body.spec).toMatchObject({ defaultSnapshotProtectionEnabled: false, snapshotPolicies: [] })
    expect(cleared.body.status.snapshotPolicies).toEqual([])
  })

  it('refuses (400) what the document refuses: a fifth policy, a bad name or schedule, no retention, a null protection', async () => {
    const refused = async (spec: Record<string, unknown>) => {
      const res = await api.post(base, storage('fs-refused', spec))
      expect(res.status, JSON.stringify(spec)).toBe(400)
      return res.body.error_description as string
    }
    const policy = (name: string, schedule: object = { interval: 'daily' }, retention: object = { keep: 1 }) => ({
      name,
      schedule,
      retention,
    })
    expect(await refused({ snapshotPolicies: ['a', 'b', 'c', 'd', 'e'].map((n) => policy(n)) })).toMatch(
      /snapshotPolicies/,
    )
    for (const name of ['Nightly', '1st', 'ends-', 'a-name-of-twenty-ch'.padEnd(20, 'x')])
      expect(await refused({ snapshotPolicies: [policy(name)] })).toMatch(/snapshotPolicies\/0\/name/)
    expect(await refused({ snapshotPolicies: [policy('p', { interval: 'yearly' })] })).toMatch(/interval/)
    expect(await refused({ snapshotPolicies: [policy('p', { interval: 'daily', timeOfDay: '24:00Z' })] })).toMatch(
      /timeOfDay/,
    )
    expect(await refused({ snapshotPolicies: [policy('p', { interval: 'monthly', dayOfMonth: 29 })] })).toMatch(
      /dayOfMonth/,
    )
    expect(await refused({ snapshotPolicies: [policy('p', { interval: 'daily' }, { keep: 0 })] })).toMatch(/keep/)
    expect(await refused({ defaultSnapshotProtectionEnabled: null })).toMatch(/defaultSnapshotProtectionEnabled/)
    // The name is the policy's stable identity key: one name, one policy.
    expect(await refused({ snapshotPolicies: [policy('p'), policy('p')] })).toBe(
      'snapshot policy name is listed more than once',
    )
  })

  it('gives an attachment the NFS mount options its class wants, and leaves them out where it wants none', async () => {
    const performance = (await api.get(`/local/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`)).body.find(
      (c: { metadata: { name: string } }) => c.metadata.name === 'performance-nfs',
    ).metadata.id
    const attachments = { networkIds: [sandbox.networkId] }
    const fast = await api.post(base, storage('fs-fast', { storageClassId: performance, attachments }))
    expect(fast.body.status.attachments[0].mountOptions).toEqual({ vers: '4.1', nconnect: '16' })
    const plain = await api.post(base, storage('fs-plain', { attachments }))
    expect(plain.body.status.attachments[0]).not.toHaveProperty('mountOptions')
  })
})

describe('file storage lifecycle', () => {
  it('provisions the storage and each attachment, then reads provisioned with a mount source', async () => {
    const slow = await startLocalCloud({ provisionMs: 400 })
    try {
      const client = testClient(slow.url, slow.cloud.tokens.admin)
      const network = byName((await client.get('/local/region/api/v2/networks')).body, 'sandbox')
      const classId = (await client.get(`/local/region/api/v2/filestorageclasses?regionID=${EU_WEST_1}`)).body[0]
        .metadata.id
      const created = await client.post(base, {
        metadata: { name: 'slow-fs' },
        spec: {
          organizationId: slow.cloud.demo.organizationId,
          projectId: network.metadata.projectId,
          regionId: EU_WEST_1,
          storageClassId: classId,
          sizeGiB: 5,
          storageType: { nfs: { rootsquash: true } },
          attachments: { networkIds: [network.metadata.id] },
        },
      })
      expect(created.body.metadata.provisioningStatus).toBe('unknown')
      expect(created.body.metadata.healthStatus).toBe('unknown')
      expect(created.body.status.attachments[0]).toEqual({
        networkId: network.metadata.id,
        provisioningStatus: 'provisioning',
      })
      const done = await eventually(async () => {
        const res = await client.get(`${base}/${created.body.metadata.id}`)
        return res.body.metadata.provisioningStatus === 'provisioned' &&
          res.body.status.attachments[0].provisioningStatus === 'provisioned'
          ? res.body
          : undefined
      })
      expect(done.metadata.healthStatus).toBe('healthy')
      expect(done.status.attachments[0].mountSource).toMatch(/^192\.168\.10\.\d+:\/fs-/)
    } finally {
      await slow.stop()
    }
  })
})
