// What goes over the wire: the spec's shapes, plus the platform's spelling where a platform server would otherwise
// misread the request.

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configureApi, resetApiConfig } from './config'
import { createEmbeddings } from './embeddings'
import { fakeFetch, jsonResponse, placement, platformMetadata, type RecordedCall } from '../test/fakeFetch'
import { fileStorageApi } from './fileStorage'
import { instanceApi } from './instances'
import { modelApi, storageClassApi } from './catalogs'
import { securityGroupApi } from './securityGroups'
import { fileStorageSchema, instanceSchema, type FileStorageUpdate, type InstanceUpdate } from './schemas/regional'
import { groupApi, organizationApi, userApi } from './identity'

let calls: RecordedCall[]
let answer: unknown
let status: number

/** The platform answers the next request with this status and body. */
function platformAnswers(code: number, body: unknown) {
  status = code
  answer = body
}

beforeEach(() => {
  platformAnswers(200, {})
  // An answer of undefined is one with no body, as the documents give some writes.
  const fake = fakeFetch(() => (answer === undefined ? new Response(null, { status }) : jsonResponse(status, answer)))
  calls = fake.calls
  configureApi({ fetch: fake.fetch })
})
afterEach(() => resetApiConfig())

const meta = platformMetadata()
const groupAnswer = { metadata: meta, spec: { rules: [] }, status: { regionId: 'r', networkId: 'n' } }

describe('security group rules', () => {
  it('are sent with both cidr and prefix carrying the same value, and portMax for a range', async () => {
    platformAnswers(201, groupAnswer)
    await securityGroupApi.create.call({
      body: {
        metadata: { name: 'web' },
        spec: {
          networkId: 'n',
          rules: [
            { direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8' },
            { direction: 'ingress', protocol: 'tcp', port: 8000, portMax: 8080, cidr: '192.168.1.0/24' },
          ],
        },
      },
    })
    expect(calls[0]?.url).toBe('/api/region/api/v2/securitygroups')
    expect(calls[0]?.body).toEqual({
      metadata: { name: 'web' },
      spec: {
        networkId: 'n',
        rules: [
          { direction: 'ingress', protocol: 'tcp', port: 22, cidr: '10.0.0.0/8', prefix: '10.0.0.0/8' },
          {
            direction: 'ingress',
            protocol: 'tcp',
            port: 8000,
            portMax: 8080,
            cidr: '192.168.1.0/24',
            prefix: '192.168.1.0/24',
          },
        ],
      },
    })
  })

  it('are sent with both spellings on update too', async () => {
    platformAnswers(200, groupAnswer)
    await securityGroupApi.update.call({
      securityGroupID: 'sg-1',
      body: {
        metadata: { name: 'web' },
        spec: { rules: [{ direction: 'egress', protocol: 'any', cidr: '0.0.0.0/0' }] },
      },
    })
    expect(calls[0]?.method).toBe('PUT')
    expect(calls[0]?.url).toBe('/api/region/api/v2/securitygroups/sg-1')
    expect(calls[0]?.body).toMatchObject({ spec: { rules: [{ cidr: '0.0.0.0/0', prefix: '0.0.0.0/0' }] } })
  })
})

describe('file storage', () => {
  const storageAnswer = {
    metadata: meta,
    spec: { sizeGiB: 10, storageType: { NFS: { rootSquash: true } }, attachments: { networkIds: ['n1'] } },
    status: { regionId: 'r', storageClassId: 'sc' },
  }

  it("sends the storage type in the spec's {nfs: {rootsquash}} shape", async () => {
    platformAnswers(201, storageAnswer)
    await fileStorageApi.create.call({
      body: {
        metadata: { name: 'data' },
        spec: {
          ...placement,
          storageClassId: 'sc',
          sizeGiB: 10,
          storageType: { nfs: { rootsquash: true } },
        },
      },
    })
    expect(calls[0]?.body).toMatchObject({ spec: { sizeGiB: 10, storageType: { nfs: { rootsquash: true } } } })
  })

  it('builds an update from a read object without sending back fields the write shape does not have', async () => {
    platformAnswers(200, storageAnswer)
    const read = fileStorageSchema.parse({ ...storageAnswer, spec: { ...storageAnswer.spec, tier: 'gold' } })
    await fileStorageApi.update.call({
      filestorageID: 'fs-1',
      body: {
        metadata: { name: read.metadata.name },
        spec: { ...read.spec, sizeGiB: 20, attachments: { networkIds: ['n1', 'n2'] } },
      } as FileStorageUpdate,
    })
    expect(calls[0]?.body).toEqual({
      metadata: { name: 'x' },
      spec: { sizeGiB: 20, storageType: { nfs: { rootsquash: true } }, attachments: { networkIds: ['n1', 'n2'] } },
    })
  })

  it('lists with the filters in the query string', () => {
    expect(fileStorageApi.list.request({ organizationID: ['o'], projectID: ['p'] }).query).toMatchObject({
      organizationID: ['o'],
      projectID: ['p'],
    })
  })
})

describe('instances', () => {
  it('encode path ids and ask for a hard reboot in the query', async () => {
    await instanceApi.power.call({ instanceID: 'i 1', action: 'reboot', hard: true })
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/compute/api/v2/instances/i%201/reboot?hard=true',
      body: undefined,
    })
    expect(instanceApi.power.request({ instanceID: 'i1', action: 'start' }).query?.hard).toBeUndefined()
  })

  it('update PUTs the instanceUpdate shape: what a read object carries beyond it (status, ids, unknown fields) stays home', async () => {
    const read = instanceSchema.parse({
      metadata: meta,
      spec: {
        flavorId: 'f',
        imageId: 'i',
        userData: 'I2Nsb3VkLWNvbmZpZw==',
        networking: { securityGroups: ['sg'], publicIP: true, allowedSourceAddresses: ['10.0.0.0/8'], extra: 1 },
        future: 'x',
      },
      status: { regionId: 'r', networkId: 'n', powerState: 'Running' },
    })
    platformAnswers(202, read)
    await instanceApi.update.call({
      instanceID: 'i-1',
      body: { metadata: { name: 'x' }, spec: read.spec } as InstanceUpdate,
    })
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/compute/api/v2/instances/i-1' })
    expect(calls[0]?.body).toEqual({
      metadata: { name: 'x' },
      spec: {
        flavorId: 'f',
        imageId: 'i',
        userData: 'I2Nsb3VkLWNvbmZpZw==',
        networking: { securityGroups: ['sg'], publicIP: true, allowedSourceAddresses: ['10.0.0.0/8'] },
      },
    })
  })
})

describe('identity', () => {
  it("sends a user create to the organization's users with the spec's body", async () => {
    platformAnswers(201, {
      metadata: { ...meta, projectId: undefined },
      spec: { subject: 'a@b.c', state: 'active', groupIDs: [] },
      status: {},
    })
    await userApi.create.call({
      organizationID: 'org-1',
      body: { spec: { subject: 'a@b.c', state: 'active', groupIDs: ['g1'] } },
    })
    expect(calls[0]?.url).toBe('/api/identity/api/v1/organizations/org-1/users')
    expect(calls[0]?.body).toEqual({ spec: { subject: 'a@b.c', state: 'active', groupIDs: ['g1'] } })
  })

  it("replaces a group with the document's groupWrite, and what a read group carries beyond it stays home", async () => {
    platformAnswers(200, undefined)
    const read = {
      metadata: { name: 'team', description: 'x', organizationId: 'org-1' },
      spec: {
        roleIDs: ['r1'],
        userIDs: ['u1'],
        serviceAccountIDs: [],
        subjects: [{ id: 's1', issuer: 'https://idp.example', picture: 'p.png' }],
        extra: true,
      },
    }
    await groupApi.update.call({ organizationID: 'org-1', groupID: 'g 1', body: read })
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/identity/api/v1/organizations/org-1/groups/g%201' })
    expect(calls[0]?.body).toEqual({
      metadata: { name: 'team', description: 'x' },
      spec: {
        roleIDs: ['r1'],
        userIDs: ['u1'],
        serviceAccountIDs: [],
        subjects: [{ id: 's1', issuer: 'https://idp.example' }],
      },
    })
  })

  it("updates the organization with the document's organizationWrite, and takes its 200 with no body", async () => {
    platformAnswers(200, undefined)
    await expect(
      organizationApi.update.call({
        organizationID: 'org-1',
        body: {
          metadata: { name: 'acme' },
          spec: { organizationType: 'adhoc', providerScope: 'global', providerID: 'p' },
        },
      }),
    ).resolves.toEqual({ status: 200 })
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/identity/api/v1/organizations/org-1' })
    expect(calls[0]?.body).toEqual({
      metadata: { name: 'acme' },
      spec: { organizationType: 'adhoc', providerScope: 'global', providerID: 'p' },
    })
  })
})

describe('aiproxy, inference and storage classes', () => {
  it('lists model endpoints from the {models} answer', async () => {
    platformAnswers(200, { models: [{ id: 'm1', name: 'llama' }] })
    await expect(modelApi.list.call({ organizationID: 'org-1' })).resolves.toEqual([{ id: 'm1', name: 'llama' }])
    expect(calls[0]?.url).toBe('/api/aiproxy/organizations/org-1/endpoints')
  })

  it('decodes base64 embeddings into number arrays', async () => {
    platformAnswers(200, {
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: 'AACAPwAAAMAAAAA/' }],
      model: 'e5',
      usage: { prompt_tokens: 2, total_tokens: 2 },
    })
    const result = await createEmbeddings({ model: 'e5', input: ['hi'], encoding_format: 'base64' })
    expect(result.data[0]?.embedding).toEqual([1, -2, 0.5])
    expect(calls[0]).toMatchObject({
      url: '/api/inference/v1/embeddings',
      body: { model: 'e5', input: ['hi'], encoding_format: 'base64' },
    })
  })

  it('asks for the storage classes of a region', async () => {
    platformAnswers(200, [])
    await storageClassApi.list.call({ regionID: ['r1'] })
    expect(calls[0]?.url).toBe('/api/region/api/v2/filestorageclasses?regionID=r1')
  })
})
