// Cache effects of the mutation factories, run with a real QueryClient (no React needed) over a fake fetch.

import { MutationObserver, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configureApi, resetApiConfig } from './config'
import { fakeFetch, jsonResponse, platformMetadata } from '../test/fakeFetch'
import { m, q, type Endpoint, type Vars } from './endpoint'
import { fileStorageApi } from './fileStorage'
import { groupApi, projectApi, serviceAccountApi, userApi } from './identity'
import { instanceApi } from './instances'
import { networkApi } from './networks'
import { securityGroupApi } from './securityGroups'

const meta = platformMetadata({ id: 'new-1', provisioningStatus: 'provisioning', healthStatus: 'unknown' })
const network = { metadata: meta, spec: { dnsNameservers: [] }, status: { regionId: 'r', prefix: '10.0.0.0/24' } }
const storage = {
  metadata: meta,
  spec: { sizeGiB: 1, storageType: { nfs: { rootsquash: true } }, attachments: { networkIds: ['net-1'] } },
  status: { regionId: 'r', storageClassId: 'sc' },
}
const instance = {
  metadata: meta,
  spec: { flavorId: 'f', imageId: 'i' },
  status: { regionId: 'r', networkId: 'net-1', powerState: 'Pending' },
}
const project = { metadata: { ...meta, projectId: undefined }, spec: { groupIDs: [] } }

let client: QueryClient
let answer: { status: number; body: unknown }

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  answer = { status: 200, body: {} }
  configureApi({ fetch: fakeFetch(() => jsonResponse(answer.status, answer.body)).fetch })
})
afterEach(() => {
  client.clear()
  resetApiConfig()
})

/** Lists the page has loaded, so a mutation's invalidation of them shows. */
function seed(...keys: QueryKey[]) {
  for (const key of keys) client.setQueryData(key, [])
}
/** Runs a mutation as a page would, with its cache effects. */
function mutate<P, B, R>(write: Endpoint<P, B, R>, vars: Vars<P, B>): Promise<R> {
  return new MutationObserver(client, m(write)).mutate(vars)
}
function invalidated(key: QueryKey): boolean {
  return client.getQueryState(key)?.isInvalidated ?? false
}

describe('mutations own their cache effects', () => {
  it('network create seeds the detail and invalidates every network list, not other resources', async () => {
    const listKey = q(networkApi.list, { projectID: ['p'] }).queryKey
    const sgKey = q(securityGroupApi.list, {}).queryKey
    seed(listKey, sgKey)
    answer = { status: 201, body: network }
    await mutate(networkApi.create, {
      body: {
        metadata: { name: 'x' },
        spec: { organizationId: 'o', projectId: 'p', regionId: 'r', prefix: '10.0.0.0/24', dnsNameservers: [] },
      },
    })
    expect(client.getQueryData(q(networkApi.detail, { networkID: 'new-1' }).queryKey)).toMatchObject({
      metadata: { id: 'new-1' },
    })
    expect(invalidated(listKey)).toBe(true)
    expect(invalidated(sgKey)).toBe(false)
  })

  it.each([502, 504])(
    'a create whose answer was lost (%i) refreshes the lists it would have changed',
    async (status) => {
      const listKey = q(networkApi.list, { projectID: ['p'] }).queryKey
      seed(listKey)
      answer = { status, body: { error: 'bad_gateway', error_description: 'the connection was reset' } }
      const failed = await mutate(networkApi.create, {
        body: {
          metadata: { name: 'x' },
          spec: { organizationId: 'o', projectId: 'p', regionId: 'r', prefix: '10.0.0.0/24', dnsNameservers: [] },
        },
      }).catch((error: unknown) => error)
      expect(failed).toMatchObject({ status })
      expect(invalidated(listKey)).toBe(true)
    },
  )

  it('an instance update of its metadata alone keeps the state and addresses shown; a spec change takes the answer', async () => {
    const detail = q(instanceApi.detail, { instanceID: 'new-1' }).queryKey
    const shown = {
      metadata: { ...meta, provisioningStatus: 'provisioned' },
      spec: { flavorId: 'f', imageId: 'i' },
      status: { regionId: 'r', networkId: 'net-1', powerState: 'Running', privateIP: '10.0.0.10' },
    }
    const body = { metadata: { name: 'x', description: 'new words' }, spec: { flavorId: 'f', imageId: 'i' } }
    client.setQueryData(detail, shown)
    answer = { status: 202, body: { ...instance, metadata: { ...meta, description: 'new words' } } }
    await mutate(instanceApi.update, { instanceID: 'new-1', body })
    expect(client.getQueryData(detail)).toMatchObject({
      metadata: { description: 'new words', provisioningStatus: 'provisioned' },
      status: { powerState: 'Running', privateIP: '10.0.0.10' },
    })

    client.setQueryData(detail, shown)
    answer = { status: 202, body: { ...instance, spec: { flavorId: 'g', imageId: 'i' } } }
    await mutate(instanceApi.update, { instanceID: 'new-1', body: { ...body, spec: { flavorId: 'g', imageId: 'i' } } })
    expect(client.getQueryData(detail)).toMatchObject({
      metadata: { provisioningStatus: 'provisioning' },
      status: { powerState: 'Pending' },
    })
  })

  it('file storage delete does not ask again for the detail the page still shows (it would answer 404)', async () => {
    const detail = q(fileStorageApi.detail, { filestorageID: 'fs-1' })
    const fake = fakeFetch((call) => (call.method === 'DELETE' ? jsonResponse(202, {}) : jsonResponse(200, storage)))
    configureApi({ fetch: fake.fetch })
    // Watched, as on the detail page the delete dialog sits on.
    const stop = new QueryObserver(client, detail).subscribe(() => undefined)
    await client.fetchQuery(detail)
    fake.calls.length = 0
    await mutate(fileStorageApi.delete, { filestorageID: 'fs-1' })
    stop()
    expect(fake.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/region/api/v2/filestorage/fs-1',
    ])
    expect(invalidated(detail.queryKey)).toBe(true)
  })

  it('network delete invalidates the security groups filtered by it and the file storage attached to it', async () => {
    const sgByNetwork = q(securityGroupApi.list, { networkID: ['net-1'] }).queryKey
    const storageList = q(fileStorageApi.list, {}).queryKey
    seed(sgByNetwork, storageList)
    answer = { status: 202, body: '' }
    await mutate(networkApi.delete, { networkID: 'net-1' })
    expect(invalidated(sgByNetwork)).toBe(true)
    expect(invalidated(storageList)).toBe(true)
  })

  it('a delete of what a project holds refreshes the projects, whose delete asks what they still hold', async () => {
    const projects = q(projectApi.list, { organizationID: 'o' }).queryKey
    seed(projects)
    answer = { status: 202, body: '' }
    await mutate(securityGroupApi.delete, { securityGroupID: 'sg-1' })
    expect(invalidated(projects)).toBe(true)
  })

  it("file storage attachment changes invalidate the networks' views", async () => {
    const networkDetail = q(networkApi.detail, { networkID: 'net-1' }).queryKey
    client.setQueryData(networkDetail, network)
    answer = { status: 202, body: storage }
    await mutate(fileStorageApi.update, {
      filestorageID: 'new-1',
      body: {
        metadata: { name: 'x' },
        spec: { sizeGiB: 1, storageType: { nfs: { rootsquash: true } }, attachments: { networkIds: ['net-1'] } },
      },
    })
    expect(invalidated(networkDetail)).toBe(true)
    expect(client.getQueryData(q(fileStorageApi.detail, { filestorageID: 'new-1' }).queryKey)).toMatchObject({
      spec: { sizeGiB: 1 },
    })
  })

  it('instance create invalidates security groups (in use) and networks', async () => {
    const sgList = q(securityGroupApi.list, { projectID: ['p'] }).queryKey
    const networkList = q(networkApi.list, { projectID: ['p'] }).queryKey
    seed(sgList, networkList)
    answer = { status: 201, body: instance }
    await mutate(instanceApi.create, {
      body: {
        metadata: { name: 'vm' },
        spec: { organizationId: 'o', projectId: 'p', networkId: 'net-1', flavorId: 'f', imageId: 'i' },
      },
    })
    expect(invalidated(sgList)).toBe(true)
    expect(invalidated(networkList)).toBe(true)
    expect(client.getQueryData(q(instanceApi.detail, { instanceID: 'new-1' }).queryKey)).toBeDefined()
  })

  it('instance update seeds the detail with the answer and invalidates instance lists and security groups', async () => {
    const instances = q(instanceApi.list, { projectID: ['p'] }).queryKey
    const sgList = q(securityGroupApi.list, { networkID: ['net-1'] }).queryKey
    seed(instances, sgList)
    client.setQueryData(q(instanceApi.detail, { instanceID: 'new-1' }).queryKey, instance)
    answer = { status: 202, body: { ...instance, metadata: { ...meta, name: 'renamed' } } }
    await mutate(instanceApi.update, {
      instanceID: 'new-1',
      body: { metadata: { name: 'renamed' }, spec: { flavorId: 'f', imageId: 'i' } },
    })
    expect(client.getQueryData(q(instanceApi.detail, { instanceID: 'new-1' }).queryKey)).toMatchObject({
      metadata: { name: 'renamed' },
    })
    expect(invalidated(instances)).toBe(true)
    expect(invalidated(sgList)).toBe(true)
  })

  it('project create invalidates the projects list the scope switcher reads', async () => {
    const projects = q(projectApi.list, { organizationID: 'o' }).queryKey
    seed(projects)
    answer = { status: 202, body: project }
    await mutate(projectApi.create, {
      organizationID: 'o',
      body: { metadata: { name: 'p2' }, spec: { groupIDs: [] } },
    })
    expect(invalidated(projects)).toBe(true)
  })

  it("project update accepts the platform's bodiless 200 and invalidates the projects list", async () => {
    const projects = q(projectApi.list, { organizationID: 'o' }).queryKey
    seed(projects)
    configureApi({ fetch: fakeFetch(() => new Response(null, { status: 200 })).fetch })
    await mutate(projectApi.update, {
      organizationID: 'o',
      projectID: 'p1',
      body: { metadata: { name: 'p1' }, spec: { groupIDs: ['g'] } },
    })
    expect(invalidated(projects)).toBe(true)
  })

  it('rotate posts to the rotate path, returns the new token and keeps it out of the query cache', async () => {
    const accounts = q(serviceAccountApi.list, { organizationID: 'o' }).queryKey
    seed(accounts)
    const fake = fakeFetch(() =>
      jsonResponse(200, {
        metadata: project.metadata,
        spec: { groupIDs: [] },
        status: { expiry: '2026-01-01T00:00:00Z', accessToken: 'sa_new' },
      }),
    )
    configureApi({ fetch: fake.fetch })
    const rotated = await mutate(serviceAccountApi.rotate, {
      organizationID: 'o',
      serviceAccountID: 'sa 1',
    })
    expect(rotated.status?.accessToken).toBe('sa_new')
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/api\/identity\/api\/v1\/organizations\/o\/serviceaccounts\/sa%201\/rotate$/),
    })
    expect(invalidated(accounts)).toBe(true)
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain('sa_new')
  })

  it('user changes invalidate the groups, whose membership they change', async () => {
    const users = q(userApi.list, { organizationID: 'o' }).queryKey
    const groups = q(groupApi.list, { organizationID: 'o' }).queryKey
    seed(users, groups)
    answer = {
      status: 201,
      body: { metadata: project.metadata, spec: { subject: 'a@b.c', state: 'active', groupIDs: ['g'] }, status: {} },
    }
    await mutate(userApi.create, {
      organizationID: 'o',
      body: { spec: { subject: 'a@b.c', state: 'active', groupIDs: ['g'] } },
    })
    expect(invalidated(users)).toBe(true)
    expect(invalidated(groups)).toBe(true)
  })

  it('a failed mutation leaves the cache alone and rejects with the ApiError', async () => {
    const listKey = q(networkApi.list, {}).queryKey
    seed(listKey)
    answer = { status: 403, body: { error: 'forbidden', error_description: 'network is in use and cannot be deleted' } }
    await expect(mutate(networkApi.delete, { networkID: 'net-1' })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
    })
    expect(invalidated(listKey)).toBe(false)
  })
})

describe('query keys go from generic to specific', () => {
  it('nest lists and details under the resource', () => {
    expect(q(networkApi.list, { projectID: ['p'] }).queryKey).toEqual(['networks', 'list', { projectID: ['p'] }])
    expect(q(networkApi.detail, { networkID: 'n1' }).queryKey).toEqual(['networks', 'detail', { networkID: 'n1' }])
  })

  it('fetch through the query function with the filters of the key', async () => {
    answer = { status: 200, body: [network] }
    await expect(client.fetchQuery(q(networkApi.list, { projectID: ['p'] }))).resolves.toHaveLength(1)
  })
})
