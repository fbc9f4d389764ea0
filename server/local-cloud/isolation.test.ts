import { describe, expect, it } from 'vitest'
import { useLocalCloud } from './test-cloud.ts'

const local = useLocalCloud()

const kinds = ['networks', 'securitygroups', 'filestorage', 'instances'] as const

describe('isolation between organizations', () => {
  it('lists only the caller’s own resources', async () => {
    for (const kind of kinds) {
      const mine = (await local.api.get(`/local/region/api/v2/${kind}`)).body
      const theirs = (await local.second.get(`/local/region/api/v2/${kind}`)).body
      expect(mine.length).toBeGreaterThan(0)
      expect(theirs.length).toBeGreaterThan(0)
      expect(
        mine.every(
          (r: { metadata: { organizationId: string } }) =>
            r.metadata.organizationId === local.started.cloud.demo.organizationId,
        ),
      ).toBe(true)
      expect(
        theirs.every(
          (r: { metadata: { organizationId: string } }) =>
            r.metadata.organizationId === local.started.cloud.demo.secondOrganizationId,
        ),
      ).toBe(true)
    }
  })

  it('answers 404 on another organization’s items, for reads, updates, deletes and actions', async () => {
    for (const kind of kinds) {
      const foreign = (await local.second.get(`/local/region/api/v2/${kind}`)).body[0]
      const path = `/local/region/api/v2/${kind}/${foreign.metadata.id}`
      expect((await local.api.get(path)).status).toBe(404)
      expect((await local.api.put(path, { metadata: { name: 'stolen' }, spec: {} })).status).toBe(404)
      expect((await local.api.del(path)).status).toBe(404)
      expect((await local.second.get(path)).status).toBe(200)
    }
    const instance = (await local.second.get('/local/region/api/v2/instances')).body[0]
    expect((await local.api.post(`/local/region/api/v2/instances/${instance.metadata.id}/stop`)).status).toBe(404)
  })

  it('does not let a create reference another organization’s network', async () => {
    const foreignNetwork = (await local.second.get('/local/region/api/v2/networks')).body[0].metadata.id
    const res = await local.api.post('/local/region/api/v2/securitygroups', {
      metadata: { name: 'sneaky' },
      spec: { networkId: foreignNetwork, rules: [] },
    })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('network does not exist')
  })

  it('answers as the platform does for an organizationID filter naming only another organization', async () => {
    // The region service answers null; the compute service fails with 500.
    const computed = await local.api.get(
      `/local/region/api/v2/instances?organizationID=${local.started.cloud.demo.secondOrganizationId}`,
    )
    expect(computed.status).toBe(500)
    expect(computed.body.error).toBe('server_error')
    for (const kind of kinds.filter((k) => k !== 'instances')) {
      const res = await local.api.get(
        `/local/region/api/v2/${kind}?organizationID=${local.started.cloud.demo.secondOrganizationId}`,
      )
      expect(res.status).toBe(200)
      expect(res.body).toBeNull()
    }
  })

  it('answers 403 on another organization’s identity paths', async () => {
    for (const sub of ['users', 'serviceaccounts', 'groups', 'roles', 'projects']) {
      const res = await local.api.get(
        `/local/identity/api/v1/organizations/${local.started.cloud.demo.secondOrganizationId}/${sub}`,
      )
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('forbidden')
    }
  })

  it('lists each caller’s own organization only', async () => {
    expect(
      (await local.api.get('/local/identity/api/v1/organizations')).body.map(
        (o: { metadata: { name: string } }) => o.metadata.name,
      ),
    ).toEqual(['acme-ai'])
    expect(
      (await local.second.get('/local/identity/api/v1/organizations')).body.map(
        (o: { metadata: { name: string } }) => o.metadata.name,
      ),
    ).toEqual(['globex-research'])
  })
})
