import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { byName, eventually, testClient, type TestClient } from '../../test-client.ts'

let cloud: StartedLocalCloud
let api: TestClient
let orgPath: string
let groups: { metadata: { id: string; name: string } }[]

beforeAll(async () => {
  cloud = await startLocalCloud()
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
  orgPath = `/local/identity/api/v1/organizations/${cloud.cloud.demo.organizationId}`
  groups = (await api.get(`${orgPath}/groups`)).body
})
afterAll(() => cloud.stop())

const groupId = (name: string) => byName(groups, name).metadata.id

describe('organizations', () => {
  it('lists and reads the caller’s organization', async () => {
    const list = await api.get('/local/identity/api/v1/organizations')
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      metadata: { id: cloud.cloud.demo.organizationId, name: 'acme-ai', provisioningStatus: 'provisioned' },
      spec: { organizationType: expect.any(String) },
    })
    expect((await api.get(orgPath)).body).toEqual(list.body[0])
  })
})

describe('users', () => {
  it('lists users in every state, with the platform’s spelling lastActive', async () => {
    const users = (await api.get(`${orgPath}/users`)).body
    expect(new Set(users.map((u: { spec: { state: string } }) => u.spec.state))).toEqual(
      new Set(['active', 'pending', 'suspended']),
    )
    const active = users.find((u: { spec: { state: string } }) => u.spec.state === 'active')
    expect(active.status).not.toHaveProperty('lastAcive')
    expect(Date.parse(active.status.lastActive)).not.toBeNaN()
    expect(active.metadata).toMatchObject({
      organizationId: cloud.cloud.demo.organizationId,
      provisioningStatus: 'provisioned',
    })
  })

  it('creates (201), updates (200) and deletes (200) a user, keeping group membership in step', async () => {
    const created = await api.post(`${orgPath}/users`, {
      spec: { subject: 'new.person@acme.example', state: 'pending', groupIDs: [groupId('readers')] },
    })
    expect(created.status).toBe(201)
    expect(created.body.spec).toEqual({
      subject: 'new.person@acme.example',
      state: 'pending',
      groupIDs: [groupId('readers')],
    })
    const id = created.body.metadata.id
    expect((await api.get(`${orgPath}/groups/${groupId('readers')}`)).body.spec.userIDs).toContain(id)

    const updated = await api.put(`${orgPath}/users/${id}`, {
      metadata: { name: 'new-person', description: 'New Person' },
      spec: { subject: 'new.person@acme.example', state: 'active', groupIDs: [groupId('ml-engineers')] },
    })
    expect(updated.status).toBe(200)
    expect(updated.body.spec).toMatchObject({ state: 'active', groupIDs: [groupId('ml-engineers')] })
    // As on the platform, a user's name reads as the string "undefined" whatever was written.
    expect(updated.body.metadata).toMatchObject({ name: 'undefined', description: 'New Person' })
    expect((await api.get(`${orgPath}/groups/${groupId('readers')}`)).body.spec.userIDs).not.toContain(id)

    expect((await api.del(`${orgPath}/users/${id}`)).status).toBe(200)
    expect(
      (await api.get(`${orgPath}/users`)).body.map((u: { metadata: { id: string } }) => u.metadata.id),
    ).not.toContain(id)
    expect((await api.get(`${orgPath}/groups/${groupId('ml-engineers')}`)).body.spec.userIDs).not.toContain(id)
    expect((await api.del(`${orgPath}/users/${id}`)).status).toBe(404)
  })

  it('rejects a duplicate subject in the organization on create and on update (409, as v1.18.0 lists)', async () => {
    const res = await api.post(`${orgPath}/users`, {
      spec: { subject: 'PRIYA.SHAH@acme.example', state: 'active', groupIDs: [] },
    })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('conflict')
    const other = await api.post(`${orgPath}/users`, {
      spec: { subject: 'twin.subject@acme.example', state: 'pending', groupIDs: [] },
    })
    const renamed = await api.put(`${orgPath}/users/${other.body.metadata.id}`, {
      spec: { subject: 'priya.shah@acme.example', state: 'pending', groupIDs: [] },
    })
    expect(renamed.status).toBe(409)
    expect(renamed.body.error).toBe('conflict')
    // Its own subject, sent back as it is, is no conflict.
    const kept = await api.put(`${orgPath}/users/${other.body.metadata.id}`, {
      spec: { subject: 'twin.subject@acme.example', state: 'active', groupIDs: [] },
    })
    expect(kept.status).toBe(200)
    await api.del(`${orgPath}/users/${other.body.metadata.id}`)
  })

  it.each([
    ['no subject', { state: 'active', groupIDs: [] }, '/spec/subject'],
    [
      'a subject that is no e-mail address',
      { subject: 'not-an-email', state: 'active', groupIDs: [] },
      '/spec/subject',
    ],
    ['an unknown state', { subject: 'a@b.example', state: 'banned', groupIDs: [] }, '/spec/state'],
    ['no groupIDs', { subject: 'a@b.example', state: 'active' }, '/spec/groupIDs'],
    ['a group listed twice', { subject: 'a@b.example', state: 'active', groupIDs: ['g', 'g'] }, '/spec/groupIDs/1'],
  ])('rejects a user with %s', async (_label, spec, path) => {
    const res = await api.post(`${orgPath}/users`, { spec })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain(`"${path}"`)
  })

  it('rejects a user with an unknown group (a plain sentence)', async () => {
    const res = await api.post(`${orgPath}/users`, {
      spec: { subject: 'a@b.example', state: 'active', groupIDs: ['nope'] },
    })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('group does not exist in the organization')
  })
})

describe('service accounts', () => {
  it('lists accounts with expiries, one expiring soon and one expired', async () => {
    const accounts = (await api.get(`${orgPath}/serviceaccounts`)).body
    const expiries = accounts.map((a: { status: { expiry: string } }) => Date.parse(a.status.expiry) - Date.now())
    expect(expiries.some((ms: number) => ms < 0)).toBe(true)
    expect(expiries.some((ms: number) => ms > 0 && ms < 30 * 86_400_000)).toBe(true)
    expect(accounts.every((a: { status: { accessToken?: string } }) => a.status.accessToken === undefined)).toBe(true)
  })

  it('creates an account whose token works once, rotates it (old token dies) and deletes it (token dies)', async () => {
    const created = await api.post(`${orgPath}/serviceaccounts`, {
      metadata: { name: 'sa-test', description: 'test' },
      spec: { groupIDs: [groupId('readers')] },
    })
    expect(created.status).toBe(201)
    expect(created.body.spec.groupIDs).toEqual([groupId('readers')])
    const token = created.body.status.accessToken
    expect(typeof token).toBe('string')
    expect(Date.parse(created.body.status.expiry)).toBeGreaterThan(Date.now() + 80 * 86_400_000)
    const id = created.body.metadata.id

    const asAccount = testClient(cloud.url, token)
    const seen = await asAccount.get('/local/region/api/v2/networks')
    expect(seen.status).toBe(200)
    expect(seen.body.length).toBeGreaterThan(0)
    const listed = byName((await api.get(`${orgPath}/serviceaccounts`)).body, 'sa-test')
    expect(listed.status.accessToken).toBeUndefined()

    const rotated = await api.post(`${orgPath}/serviceaccounts/${id}/rotate`)
    expect(rotated.status).toBe(200)
    const newToken = rotated.body.status.accessToken
    expect(newToken).not.toBe(token)
    expect((await asAccount.get('/local/region/api/v2/networks')).status).toBe(401)
    expect((await testClient(cloud.url, newToken).get('/local/region/api/v2/networks')).status).toBe(200)

    const updated = await api.put(`${orgPath}/serviceaccounts/${id}`, {
      metadata: { name: 'sa-renamed' },
      spec: { groupIDs: [] },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ metadata: { name: 'sa-renamed' }, spec: { groupIDs: [] } })
    expect(updated.body.status.accessToken).toBeUndefined()

    expect((await api.del(`${orgPath}/serviceaccounts/${id}`)).status).toBe(200)
    expect((await testClient(cloud.url, newToken).get('/local/region/api/v2/networks')).status).toBe(401)
  })

  it('takes a name another account has on create (201: no 409 listed) but not on update (409), and refuses a missing name (400)', async () => {
    const twin = await api.post(`${orgPath}/serviceaccounts`, {
      metadata: { name: 'ci-deployer' },
      spec: { groupIDs: [] },
    })
    expect(twin.status).toBe(201)
    const other = await api.post(`${orgPath}/serviceaccounts`, {
      metadata: { name: 'ci-other' },
      spec: { groupIDs: [] },
    })
    const renamed = await api.put(`${orgPath}/serviceaccounts/${other.body.metadata.id}`, {
      metadata: { name: 'ci-deployer' },
      spec: { groupIDs: [] },
    })
    expect(renamed.status).toBe(409)
    expect(renamed.body.error).toBe('conflict')
    for (const made of [twin, other]) await api.del(`${orgPath}/serviceaccounts/${made.body.metadata.id}`)
    const res = await api.post(`${orgPath}/serviceaccounts`, { metadata: {}, spec: { groupIDs: [] } })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toContain('"/metadata/name"')
  })
})

describe('groups and roles', () => {
  it('lists groups with roles and members, and reads one', async () => {
    expect(groups.map((g) => g.metadata.name)).toEqual(
      expect.arrayContaining(['administrators', 'readers', 'auditors']),
    )
    const admins = (await api.get(`${orgPath}/groups/${groupId('administrators')}`)).body
    expect(admins.spec.roleIDs).toHaveLength(1)
    expect(admins.spec.userIDs.length).toBeGreaterThan(0)
    const roles = (await api.get(`${orgPath}/roles`)).body
    expect(roles.map((r: { metadata: { name: string } }) => r.metadata.name)).toEqual([
      'administrator',
      'user',
      'reader',
      'auditor',
    ])
    expect(roles.map((r: { metadata: { id: string } }) => r.metadata.id)).toContain(admins.spec.roleIDs[0])
    expect((await api.get(`${orgPath}/groups/nope`)).status).toBe(404)
  })
})

describe('projects', () => {
  it('creates (202) a project that provisions asynchronously, updates (200, no body) and deletes (202) it', async () => {
    const slow = await startLocalCloud({ provisionMs: 400 })
    try {
      const client = testClient(slow.url, slow.cloud.tokens.admin)
      const path = `/local/identity/api/v1/organizations/${slow.cloud.demo.organizationId}/projects`
      const created = await client.post(path, {
        metadata: { name: 'new-project', description: 'd' },
        spec: { groupIDs: [] },
      })
      expect(created.status).toBe(202)
      expect(created.body).toEqual({
        metadata: expect.objectContaining({
          name: 'new-project',
          provisioningStatus: 'unknown',
          organizationId: slow.cloud.demo.organizationId,
        }),
        spec: { groupIDs: [] },
      })
      const id = created.body.metadata.id
      await eventually(
        async () => (await client.get(`${path}/${id}`)).body.metadata.provisioningStatus === 'provisioned',
      )
      const updated = await client.put(`${path}/${id}`, {
        metadata: { name: 'renamed-project' },
        spec: { groupIDs: [] },
      })
      expect([updated.status, updated.body]).toEqual([200, undefined])
      expect((await client.get(`${path}/${id}`)).body.metadata.name).toBe('renamed-project')
      expect((await client.del(`${path}/${id}`)).status).toBe(202)
      await eventually(async () => (await client.get(`${path}/${id}`)).status === 404)
    } finally {
      await slow.stop()
    }
  })

  it('refuses to delete a project that still holds resources, saying which', async () => {
    const project = byName((await api.get(`${orgPath}/projects`)).body, 'sandbox')
    const res = await api.del(`${orgPath}/projects/${project.metadata.id}`)
    expect(res.status).toBe(403)
    expect(res.body.error_description).toMatch(/still holds resources/)
    expect(res.body.error_description).toMatch(/cpu-playground/)
  })

  it('rejects a duplicate name on create and on update (409, as v1.18.0 lists), and refuses unknown groups (400)', async () => {
    expect(
      (await api.post(`${orgPath}/projects`, { metadata: { name: 'sandbox' }, spec: { groupIDs: [] } })).status,
    ).toBe(409)
    const other = await api.post(`${orgPath}/projects`, { metadata: { name: 'sandbox-twin' }, spec: { groupIDs: [] } })
    const item = `${orgPath}/projects/${other.body.metadata.id}`
    expect((await api.put(item, { metadata: { name: 'sandbox' }, spec: { groupIDs: [] } })).status).toBe(409)
    expect((await api.put(item, { metadata: { name: 'sandbox-twin' }, spec: { groupIDs: [] } })).status).toBe(200)
    await api.del(item)
    const res = await api.post(`${orgPath}/projects`, { metadata: { name: 'p2' }, spec: { groupIDs: ['nope'] } })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('group does not exist in the organization')
  })
})
