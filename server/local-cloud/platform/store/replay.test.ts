import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDemoState } from '../../demo/seed.ts'
import { storeOf } from '../../index.ts'
import { byName, testClient, type TestClient } from '../../test-client.ts'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { Store } from './store.ts'
import { EU_WEST_1 } from '../../catalog/ids.ts'

// The journal holds the records a change detector found changed; a handler that edited a record some other way
// would be missing from it. Every kind of write goes through HTTP here, then the files are read back while the
// server still runs (no close): they must hold exactly the state in memory.

let dataDir: string
let cloud: StartedLocalCloud
let api: TestClient

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-cloud-replay-'))
  // A provisioning delay, so deletions mark records and power actions pass through transient states.
  cloud = await startLocalCloud({ dataDir, provisionMs: 60_000 })
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
})
afterAll(async () => {
  await cloud.stop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the files after every kind of write', () => {
  it('hold exactly the state in memory', async () => {
    const org = cloud.cloud.demo.organizationId
    const identity = `/local/identity/api/v1/organizations/${org}`
    const region = '/local/region/api/v2'
    const statuses: number[] = []
    const write = async (method: 'post' | 'put' | 'delete', path: string, body?: unknown) => {
      const res = method === 'delete' ? await api.del(path) : await api[method](path, body)
      statuses.push(res.status)
      return res.body
    }
    const sandbox = byName((await api.get(`${region}/networks`)).body, 'sandbox')
    const projectId = sandbox.metadata.projectId
    const group = (await api.get(`${identity}/groups`)).body[0].metadata.id
    const flavor = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/flavors`)).body[0]
      .metadata.id
    const image = (await api.get(`/local/region/api/v1/organizations/${org}/regions/${EU_WEST_1}/images`)).body[0]
      .metadata.id
    const storageClass = (await api.get(`${region}/filestorageclasses?regionID=${EU_WEST_1}`)).body[0].metadata.id
    const meta = (name: string) => ({ name, description: 'replayed', tags: [{ name: 'k', value: name }] })

    const network = await write('post', `${region}/networks`, {
      metadata: meta('replay-net'),
      spec: { organizationId: org, projectId, regionId: EU_WEST_1, prefix: '10.77.0.0/24', dnsNameservers: [] },
    })
    const networkId = network.metadata.id
    await write('put', `${region}/networks/${networkId}`, {
      metadata: meta('replay-net-2'),
      spec: { dnsNameservers: ['1.1.1.1'], routes: [{ prefix: '10.0.0.0/8', nexthop: '10.77.0.1' }] },
    })
    const sgBody = (name: string, port: number) => ({
      metadata: meta(name),
      spec: {
        networkId: sandbox.metadata.id,
        rules: [{ direction: 'ingress', protocol: 'tcp', port, prefix: '0.0.0.0/0' }],
      },
    })
    const sg = await write('post', `${region}/securitygroups`, sgBody('replay-sg', 22))
    await write('put', `${region}/securitygroups/${sg.metadata.id}`, sgBody('replay-sg', 443))
    const fsBody = (name: string, sizeGiB: number) => ({
      metadata: meta(name),
      spec: {
        organizationId: org,
        projectId,
        regionId: EU_WEST_1,
        storageClassId: storageClass,
        sizeGiB,
        storageType: { nfs: { rootsquash: true } },
        attachments: { networkIds: [sandbox.metadata.id] },
      },
    })
    const storage = await write('post', `${region}/filestorage`, fsBody('replay-fs', 10))
    await write('put', `${region}/filestorage/${storage.metadata.id}`, fsBody('replay-fs', 20))
    const instanceBody = (name: string) => ({
      metadata: meta(name),
      spec: {
        organizationId: org,
        projectId,
        networkId: sandbox.metadata.id,
        flavorId: flavor,
        imageId: image,
        networking: { securityGroups: [], publicIP: true },
      },
    })
    const running = (await api.get(`${region}/instances`)).body.find(
      (i: { status: { powerState?: string } }) => i.status.powerState === 'Running',
    )
    await write('post', `${region}/instances/${running.metadata.id}/stop`)
    const instance = await write('post', `${region}/instances`, instanceBody('replay-vm'))
    // Names are immutable (compute v1.17.0): the update changes the public address.
    await write('put', `${region}/instances/${instance.metadata.id}`, {
      ...instanceBody('replay-vm'),
      spec: { ...instanceBody('replay-vm').spec, networking: { securityGroups: [], publicIP: false } },
    })
    const user = await write('post', `${identity}/users`, {
      metadata: meta('replay-user'),
      spec: { subject: 'replay@acme.example', state: 'active', groupIDs: [group] },
    })
    await write('put', `${identity}/users/${user.metadata.id}`, {
      metadata: meta('replay-user'),
      spec: { subject: 'replay@acme.example', state: 'suspended', groupIDs: [] },
    })
    const account = await write('post', `${identity}/serviceaccounts`, {
      metadata: meta('replay-sa'),
      spec: { groupIDs: [group] },
    })
    await write('post', `${identity}/serviceaccounts/${account.metadata.id}/rotate`)
    await write('put', `${identity}/serviceaccounts/${account.metadata.id}`, {
      metadata: meta('replay-sa-2'),
      spec: { groupIDs: [] },
    })
    const project = await write('post', `${identity}/projects`, {
      metadata: meta('replay-project'),
      spec: { groupIDs: [group] },
    })
    await write('put', `${identity}/projects/${project.metadata.id}`, {
      metadata: meta('replay-project'),
      spec: { groupIDs: [] },
    })
    await write('delete', `${identity}/projects/${project.metadata.id}`)
    await write('delete', `${identity}/serviceaccounts/${account.metadata.id}`)
    await write('delete', `${identity}/users/${user.metadata.id}`)
    await write('delete', `${region}/instances/${instance.metadata.id}`)
    await write('delete', `${region}/filestorage/${storage.metadata.id}`)
    await write('delete', `${region}/securitygroups/${sg.metadata.id}`)
    await write('delete', `${region}/networks/${networkId}`)
    expect(
      statuses.every((s) => s >= 200 && s < 300),
      statuses.join(' '),
    ).toBe(true)

    const memory = JSON.stringify(storeOf(cloud.cloud).snapshot())
    const fromDisk = await Store.open(dataDir, buildDemoState)
    try {
      expect(JSON.stringify(fromDisk.snapshot())).toBe(memory)
    } finally {
      await fromDisk.close()
    }
  })
})
