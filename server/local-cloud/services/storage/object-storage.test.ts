import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { testClient } from '../../test-client.ts'
import { startLocalCloud } from '../../testing.ts'
import { EU_WEST_1, US_EAST_1 } from '../../catalog/ids.ts'

// The operations of storage v1.4.1: classes 200 (400); endpoints list 200 (400), create 201 (400, 403, 422), get 200
// (404), update 202 (400, 404, 409, 422), delete 202 (404); access keys list 200 (404), create 201 (400, 404, 422),
// get 200 (404), delete 202 (404); GET /api/version 200 (401).
const local = useLocalCloud()
const base = '/local/storage'
const endpoints = `${base}/api/v1/objectstorageendpoints`
const POLICY = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
}
let org: string
let project: string
let publicClass: string
let privateClass: string

interface EndpointClass {
  metadata: { id: string; name: string }
  spec: { regionId: string; supportedEndpointType: string[] }
}

beforeAll(async () => {
  org = local.organizationId
  const projects = await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)
  project = projects.body[0].metadata.id
  const classes = (await local.api.get(`${base}/api/v1/objectstorageendpointclasses?regionID=${EU_WEST_1}`))
    .body as EndpointClass[]
  publicClass = classes.find((c) => c.spec.supportedEndpointType.includes('public'))!.metadata.id
  privateClass = classes.find((c) => !c.spec.supportedEndpointType.includes('public'))!.metadata.id
})

const body = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: {
    organizationId: org,
    projectId: project,
    regionId: EU_WEST_1,
    objectStorageEndpointClassId: publicClass,
    identityPolicies: [{ name: 'admin', document: POLICY }],
    ...spec,
  },
})

async function created(name: string, spec: Record<string, unknown> = {}): Promise<string> {
  const res = await local.api.post(endpoints, body(name, spec))
  expect(res.status).toBe(201)
  return res.body.metadata.id
}

describe('object storage endpoint classes', () => {
  it('lists a public and a private class per region, filtered by region (200), and refuses an empty region (400)', async () => {
    const all = (await local.api.get(`${base}/api/v1/objectstorageendpointclasses`)).body as EndpointClass[]
    expect(new Set(all.map((c) => c.spec.regionId))).toEqual(new Set([EU_WEST_1, US_EAST_1]))
    const one = (await local.api.get(`${base}/api/v1/objectstorageendpointclasses?regionID=${US_EAST_1}`))
      .body as EndpointClass[]
    expect(one.map((c) => c.spec.supportedEndpointType)).toEqual([['public', 'private'], ['private']])
    expect(one.every((c) => c.spec.regionId === US_EAST_1)).toBe(true)
    expect((await local.api.get(`${base}/api/v1/objectstorageendpointclasses?regionID=`)).status).toBe(400)
  })
})

describe('object storage endpoints', () => {
  it('creates one (201), reads and lists it, gives a public class a DNS name once provisioned, and deletes it (202)', async () => {
    const res = await local.api.post(endpoints, body('s3-create'))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      metadata: { name: 's3-create', organizationId: org, projectId: project },
      spec: { objectStorageEndpointClassId: publicClass, identityPolicies: [{ name: 'admin', document: POLICY }] },
      status: { regionId: EU_WEST_1 },
    })
    const id = res.body.metadata.id
    const read = await local.api.get(`${endpoints}/${id}`)
    expect(read.body.status.exposure.public.dnsName).toMatch(/^[0-9a-f]{8}\.s3\.eu-west-1\./)
    const listed = await local.api.get(`${endpoints}?projectID=${project}&regionID=${EU_WEST_1}`)
    expect(listed.body.map((e: { metadata: { id: string } }) => e.metadata.id)).toContain(id)
    expect((await local.api.get(`${endpoints}?regionID=${US_EAST_1}`)).body ?? []).not.toContainEqual(
      expect.objectContaining({ metadata: expect.objectContaining({ id }) }),
    )
    expect((await local.api.del(`${endpoints}/${id}`)).status).toBe(202)
    expect((await local.api.get(`${endpoints}/${id}`)).status).toBe(404)
  })

  it('gives a private class no public name, and leaves out policies it has none of', async () => {
    const id = await created('s3-private', { objectStorageEndpointClassId: privateClass, identityPolicies: undefined })
    const read = await local.api.get(`${endpoints}/${id}`)
    expect(read.body.status.exposure).toBeUndefined()
    expect(read.body.spec.identityPolicies).toBeUndefined()
  })

  it('refuses a class of another region or none (422), duplicate policy names or a document that is no object (400), another organization (403)', async () => {
    const otherRegion = await local.api.post(endpoints, body('s3-bad', { regionId: US_EAST_1 }))
    expect(otherRegion.status).toBe(422)
    expect(otherRegion.body.error_description).toContain('/spec/objectStorageEndpointClassId')
    expect((await local.api.post(endpoints, body('s3-bad', { objectStorageEndpointClassId: 'nope' }))).status).toBe(422)
    const twice = await local.api.post(
      endpoints,
      body('s3-bad', {
        identityPolicies: [
          { name: 'a', document: POLICY },
          { name: 'a', document: POLICY },
        ],
      }),
    )
    expect(twice.status).toBe(400)
    expect(twice.body.error_description).toContain('/spec/identityPolicies/1/name')
    const notObject = await local.api.post(
      endpoints,
      body('s3-bad', { identityPolicies: [{ name: 'a', document: [] }] }),
    )
    expect(notObject.status).toBe(400)
    expect(notObject.body.error_description).toContain('/spec/identityPolicies/0/document')
    const foreign = await local.api.post(
      endpoints,
      body('s3-foreign', { organizationId: local.started.cloud.demo.secondOrganizationId }),
    )
    expect(foreign.status).toBe(403)
  })

  it('refuses a project that is not the organization’s or a region it does not have (400), and makes nothing', async () => {
    const before = (await local.api.get(endpoints)).body.length
    const nowhere = await local.api.post(endpoints, body('s3-nowhere', { projectId: 'no-such-project' }))
    expect([nowhere.status, nowhere.body.error_description]).toEqual([
      400,
      'project does not exist in the organization',
    ])
    const mars = await local.api.post(endpoints, body('s3-mars', { regionId: 'mars-1' }))
    expect([mars.status, mars.body.error_description]).toEqual([
      400,
      'region does not exist or is not available to the organization',
    ])
    expect((await local.api.get(endpoints)).body.length).toBe(before)
  })

  it('refuses an update outside the schema (400), naming the field, and keeps the policies', async () => {
    const id = await created('s3-update-400')
    const refused = async (update: Record<string, unknown>, field: string) => {
      const res = await local.api.put(`${endpoints}/${id}`, update)
      expect(res.status, field).toBe(400)
      expect(res.body.error_description, field).toContain(`"${field}"`)
    }
    const policy = (name: string, document: unknown = POLICY) => ({ name, document })
    await refused(
      { metadata: { name: 's3-update-400' }, spec: { identityPolicies: [policy('a'), policy('a')] } },
      '/spec/identityPolicies/1/name',
    )
    await refused(
      { metadata: { name: 's3-update-400' }, spec: { identityPolicies: [policy('a', 'allow all')] } },
      '/spec/identityPolicies/0/document',
    )
    await refused({ spec: { identityPolicies: [] } }, '/metadata')
    expect((await local.api.get(`${endpoints}/${id}`)).body.spec.identityPolicies).toEqual([
      { name: 'admin', document: POLICY },
    ])
  })

  it('updates (202): policies sent replace the whole set, policies left out stay; the class cannot change (422)', async () => {
    const id = await created('s3-update')
    const readOnly = { name: 'read-only', document: { Version: '2012-10-17', Statement: [] } }
    const replaced = await local.api.put(`${endpoints}/${id}`, {
      metadata: { name: 's3-update', description: 'changed' },
      spec: { identityPolicies: [readOnly] },
    })
    expect(replaced.status).toBe(202)
    expect(replaced.body.spec.identityPolicies).toEqual([readOnly])
    const kept = await local.api.put(`${endpoints}/${id}`, { metadata: { name: 's3-update' } })
    expect(kept.status).toBe(202)
    expect(kept.body.spec.identityPolicies).toEqual([readOnly])
    const reclassed = await local.api.put(`${endpoints}/${id}`, {
      metadata: { name: 's3-update' },
      spec: { objectStorageEndpointClassId: privateClass },
    })
    expect(reclassed.status).toBe(422)
    expect((await local.api.put(`${endpoints}/no-such-endpoint`, { metadata: { name: 'x' } })).status).toBe(404)
  })

  it('refuses an update that drops a policy an access key is bound to (409), naming the key', async () => {
    const id = await created('s3-bound')
    await local.api.post(`${endpoints}/${id}/accesskeys`, {
      metadata: { name: 'ci-key' },
      spec: { identityPolicy: 'admin' },
    })
    const res = await local.api.put(`${endpoints}/${id}`, {
      metadata: { name: 's3-bound' },
      spec: { identityPolicies: [] },
    })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('conflict')
    expect(res.body.error_description).toContain('ci-key')
  })

  it('is read by a reader, not created by one (403), and a missing one is 404', async () => {
    const member = testClient(local.started.url, local.started.cloud.tokens.member)
    expect((await member.get(`${endpoints}?organizationID=${org}`)).status).toBe(200)
    expect((await member.post(endpoints, body('s3-by-reader'))).status).toBe(403)
    expect((await local.api.get(`${endpoints}/no-such-endpoint`)).status).toBe(404)
    expect((await local.api.del(`${endpoints}/no-such-endpoint`)).status).toBe(404)
  })
})

describe('object storage access keys', () => {
  it('creates one (201) whose secret is answered once: no read, list or later answer holds it', async () => {
    const id = await created('s3-keys')
    const keys = `${endpoints}/${id}/accesskeys`
    const res = await local.api.post(keys, { metadata: { name: 'backup-writer' }, spec: { identityPolicy: 'admin' } })
    expect(res.status).toBe(201)
    const { accessKeyId, secret } = res.body.spec
    expect(accessKeyId).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(secret.length).toBeGreaterThan(20)
    expect(secret.length).toBeLessThanOrEqual(40)
    const keyId = res.body.metadata.id
    const read = await local.api.get(`${keys}/${keyId}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      metadata: { name: 'backup-writer', projectId: project },
      spec: { identityPolicy: 'admin', accessKeyId },
    })
    const list = await local.api.get(keys)
    for (const answer of [read.body, list.body, (await local.api.get(`${endpoints}/${id}`)).body])
      expect(JSON.stringify(answer)).not.toContain(secret)
    expect((await local.api.del(`${keys}/${keyId}`)).status).toBe(202)
    expect((await local.api.get(`${keys}/${keyId}`)).status).toBe(404)
  })

  it('refuses a policy the endpoint has not (422), no policy (400), and a missing endpoint or key (404)', async () => {
    const id = await created('s3-key-refusals')
    const keys = `${endpoints}/${id}/accesskeys`
    const unknown = await local.api.post(keys, { metadata: { name: 'k' }, spec: { identityPolicy: 'nope' } })
    expect(unknown.status).toBe(422)
    expect(unknown.body.error_description).toContain('/spec/identityPolicy')
    expect((await local.api.post(keys, { metadata: { name: 'k' }, spec: {} })).status).toBe(400)
    expect((await local.api.get(`${endpoints}/no-such-endpoint/accesskeys`)).status).toBe(404)
    const missing = `${endpoints}/no-such-endpoint/accesskeys`
    expect((await local.api.post(missing, { metadata: { name: 'k' }, spec: { identityPolicy: 'admin' } })).status).toBe(
      404,
    )
    expect((await local.api.get(`${keys}/no-such-key`)).status).toBe(404)
    expect((await local.api.del(`${keys}/no-such-key`)).status).toBe(404)
  })

  it('answers 404 for a key read or deleted under an endpoint it is not of, and leaves the key', async () => {
    const own = await created('s3-key-own')
    const other = await created('s3-key-other')
    const key = await local.api.post(`${endpoints}/${own}/accesskeys`, {
      metadata: { name: 'only-here' },
      spec: { identityPolicy: 'admin' },
    })
    const keyId = key.body.metadata.id
    expect((await local.api.get(`${endpoints}/${other}/accesskeys/${keyId}`)).status).toBe(404)
    expect((await local.api.del(`${endpoints}/${other}/accesskeys/${keyId}`)).status).toBe(404)
    expect((await local.api.get(`${endpoints}/${own}/accesskeys/${keyId}`)).status).toBe(200)
  })

  it('go with their endpoint: a deleted endpoint has no keys to read', async () => {
    const id = await created('s3-with-keys')
    const key = await local.api.post(`${endpoints}/${id}/accesskeys`, {
      metadata: { name: 'goes-too' },
      spec: { identityPolicy: 'admin' },
    })
    await local.api.del(`${endpoints}/${id}`)
    expect((await local.api.get(`${endpoints}/${id}/accesskeys/${key.body.metadata.id}`)).status).toBe(404)
  })
})

describe('an object storage endpoint being deleted', () => {
  it('refuses an update (409) and a new access key (404)', async () => {
    // A deletion that lasts a minute, so the writes land inside it however slow the machine is.
    const cloud = await startLocalCloud({ provisionMs: 60_000 })
    try {
      const api = testClient(cloud.url, cloud.cloud.tokens.admin)
      const organizationId = cloud.cloud.demo.organizationId
      const projects = await api.get(`/local/identity/api/v1/organizations/${organizationId}/projects`)
      const classes = (await api.get(`${base}/api/v1/objectstorageendpointclasses?regionID=${EU_WEST_1}`))
        .body as EndpointClass[]
      const created = await api.post(endpoints, {
        metadata: { name: 's3-deleting' },
        spec: {
          organizationId,
          projectId: projects.body[0].metadata.id,
          regionId: EU_WEST_1,
          objectStorageEndpointClassId: classes[0]!.metadata.id,
          identityPolicies: [{ name: 'admin', document: POLICY }],
        },
      })
      const id = created.body.metadata.id
      expect((await api.del(`${endpoints}/${id}`)).status).toBe(202)
      expect((await api.get(`${endpoints}/${id}`)).body.metadata.provisioningStatus).toBe('deprovisioning')
      const late = await api.put(`${endpoints}/${id}`, { metadata: { name: 's3-deleting', description: 'late' } })
      expect(late.status).toBe(409)
      expect(late.body.error).toBe('conflict')
      const key = await api.post(`${endpoints}/${id}/accesskeys`, {
        metadata: { name: 'late-key' },
        spec: { identityPolicy: 'admin' },
      })
      expect(key.status).toBe(404)
      expect((await api.get(`${endpoints}/${id}`)).body.metadata.description).toBeUndefined()
      expect((await api.get(`${endpoints}/${id}/accesskeys`)).body ?? []).toEqual([])
    } finally {
      await cloud.stop()
    }
  })
})

describe('the storage service’s version', () => {
  it('answers its name and release to a signed-in caller (200), and 401 without a token', async () => {
    const res = await local.api.get(`${base}/api/version`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ name: 'unikorn-storage', version: 'v1.4.1' })
    const anonymous = await fetch(`${local.started.url}${base}/api/version`)
    expect(anonymous.status).toBe(401)
  })
})
