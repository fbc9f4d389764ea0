import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from './testing.ts'
import { testClient, type TestClient } from './test-client.ts'

let cloud: StartedLocalCloud
let acme: TestClient
let globex: TestClient

beforeAll(async () => {
  cloud = await startLocalCloud()
  acme = testClient(cloud.url, cloud.cloud.tokens.admin)
  globex = testClient(cloud.url, cloud.cloud.tokens.second)
})
afterAll(() => cloud.stop())

const kinds = ['networks', 'securitygroups', 'filestorage', 'instances'] as const

describe('isolation between organizations', () => {
  it('lists only the caller’s own resources', async () => {
    for (const kind of kinds) {
      const mine = (await acme.get(`/local/region/api/v2/${kind}`)).body
      const theirs = (await globex.get(`/local/region/api/v2/${kind}`)).body
      expect(mine.length).toBeGreaterThan(0)
      expect(theirs.length).toBeGreaterThan(0)
      expect(
        mine.every(
          (r: { metadata: { organizationId: string } }) =>
            r.metadata.organizationId === cloud.cloud.demo.organizationId,
        ),
      ).toBe(true)
      expect(
        theirs.every(
          (r: { metadata: { organizationId: string } }) =>
            r.metadata.organizationId === cloud.cloud.demo.secondOrganizationId,
        ),
      ).toBe(true)
    }
  })

  it('answers 404 on another organization’s items, for reads, updates, deletes and actions', async () => {
    for (const kind of kinds) {
      const foreign = (await globex.get(`/local/region/api/v2/${kind}`)).body[0]
      const path = `/local/region/api/v2/${kind}/${foreign.metadata.id}`
      expect((await acme.get(path)).status).toBe(404)
      expect((await acme.put(path, { metadata: { name: 'stolen' }, spec: {} })).status).toBe(404)
      expect((await acme.del(path)).status).toBe(404)
      expect((await globex.get(path)).status).toBe(200)
    }
    const instance = (await globex.get('/local/region/api/v2/instances')).body[0]
    expect((await acme.post(`/local/region/api/v2/instances/${instance.metadata.id}/stop`)).status).toBe(404)
  })

  it('does not let a create reference another organization’s network', async () => {
    const foreignNetwork = (await globex.get('/local/region/api/v2/networks')).body[0].metadata.id
    const res = await acme.post('/local/region/api/v2/securitygroups', {
      metadata: { name: 'sneaky' },
      spec: { networkId: foreignNetwork, rules: [] },
    })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('network does not exist')
  })

  it('answers null, as the platform does, for an organizationID filter naming only another organization', async () => {
    for (const kind of kinds) {
      const res = await acme.get(`/local/region/api/v2/${kind}?organizationID=${cloud.cloud.demo.secondOrganizationId}`)
      expect(res.status).toBe(200)
      expect(res.body).toBeNull()
    }
  })

  it('answers 403 on another organization’s identity paths', async () => {
    for (const sub of ['users', 'serviceaccounts', 'groups', 'roles', 'projects']) {
      const res = await acme.get(`/local/identity/api/v1/organizations/${cloud.cloud.demo.secondOrganizationId}/${sub}`)
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('forbidden')
    }
  })

  it('lists each caller’s own organization only', async () => {
    expect(
      (await acme.get('/local/identity/api/v1/organizations')).body.map(
        (o: { metadata: { name: string } }) => o.metadata.name,
      ),
    ).toEqual(['Acme AI'])
    expect(
      (await globex.get('/local/identity/api/v1/organizations')).body.map(
        (o: { metadata: { name: string } }) => o.metadata.name,
      ),
    ).toEqual(['Globex Research'])
  })
})
