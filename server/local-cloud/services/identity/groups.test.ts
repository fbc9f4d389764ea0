import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { byName, testClient, type TestClient } from '../../test-client.ts'

let cloud: StartedLocalCloud
let admin: TestClient
let member: TestClient
let orgPath: string
let ids: { user: string; account: string; role: string; otherRole: string; project: string }

beforeAll(async () => {
  cloud = await startLocalCloud()
  admin = testClient(cloud.url, cloud.cloud.tokens.admin)
  member = testClient(cloud.url, cloud.cloud.tokens.member)
  orgPath = `/local/identity/api/v1/organizations/${cloud.cloud.demo.organizationId}`
  const roles = (await admin.get(`${orgPath}/roles`)).body
  ids = {
    user: (await admin.get(`${orgPath}/users`)).body[0].metadata.id,
    account: (await admin.get(`${orgPath}/serviceaccounts`)).body[0].metadata.id,
    role: byName(roles, 'user').metadata.id,
    otherRole: byName(roles, 'reader').metadata.id,
    project: byName((await admin.get(`${orgPath}/projects`)).body, 'sandbox').metadata.id,
  }
})
afterAll(() => cloud.stop())

const groupBody = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name, description: 'A test group' },
  spec: { roleIDs: [ids.role], userIDs: [ids.user], serviceAccountIDs: [ids.account], ...spec },
})

describe('group writes', () => {
  it('creates (201), reads, updates (200, no body) and deletes (200) a group', async () => {
    const created = await admin.post(`${orgPath}/groups`, groupBody('team-a'))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      metadata: { name: 'team-a', description: 'A test group', provisioningStatus: 'provisioned' },
      spec: { roleIDs: [ids.role], userIDs: [ids.user], serviceAccountIDs: [ids.account] },
    })
    const id = created.body.metadata.id
    const item = `${orgPath}/groups/${id}`
    expect((await admin.get(item)).body).toEqual(created.body)
    // The member's groups are the groups that list them.
    const user = (await admin.get(`${orgPath}/users`)).body.find(
      (u: { metadata: { id: string } }) => u.metadata.id === ids.user,
    )
    expect(user.spec.groupIDs).toContain(id)

    const updated = await admin.put(item, groupBody('team-a', { roleIDs: [ids.otherRole], userIDs: [] }))
    expect([updated.status, updated.body, updated.headers.get('content-type')]).toEqual([200, undefined, null])
    // The document's optional lists, empty: null, as the platform answers them.
    expect((await admin.get(item)).body.spec).toEqual({
      roleIDs: [ids.otherRole],
      userIDs: null,
      serviceAccountIDs: [ids.account],
      subjects: null,
    })

    expect((await admin.del(item)).status).toBe(200)
    expect((await admin.get(item)).status).toBe(404)
    expect((await admin.del(item)).status).toBe(404)
  })

  it('takes subjects beside user ids, and an update without them clears them', async () => {
    const subjects = [{ id: 'x-1', email: 'x@acme.example', issuer: 'https://idp.example' }]
    const created = await admin.post(`${orgPath}/groups`, groupBody('with-subjects', { subjects }))
    expect(created.body.spec.subjects).toEqual(subjects)
    const item = `${orgPath}/groups/${created.body.metadata.id}`
    expect((await admin.put(item, groupBody('with-subjects'))).status).toBe(200)
    expect((await admin.get(item)).body.spec.subjects).toBeNull()
    expect((await admin.post(`${orgPath}/groups`, groupBody('bad-subject', { subjects: [{ id: 'x' }] }))).body).toEqual(
      expect.objectContaining({ error: 'invalid_request' }),
    )
  })

  it('refuses a taken name (409), a missing role list (400) and ids the organization does not have (400)', async () => {
    const taken = await admin.post(`${orgPath}/groups`, groupBody('readers'))
    expect(taken.status).toBe(409)
    expect(taken.body.error_description).toBe('a group named readers already exists in this organization')
    const missing = await admin.post(`${orgPath}/groups`, { metadata: { name: 'g' }, spec: { serviceAccountIDs: [] } })
    expect(missing.status).toBe(400)
    expect(missing.body.error_description).toContain('/spec/roleIDs')
    const cases: [Record<string, unknown>, string][] = [
      [{ roleIDs: ['nope'] }, 'role does not exist'],
      [{ userIDs: ['nope'] }, 'user does not exist in the organization'],
      [{ serviceAccountIDs: ['nope'] }, 'service account does not exist in the organization'],
    ]
    for (const [spec, says] of cases) {
      const refused = await admin.post(`${orgPath}/groups`, groupBody('g', spec))
      expect([refused.status, refused.body.error_description]).toEqual([400, says])
    }
  })

  it('refuses a name another group has on update too (409, as identity v1.18.0 lists), and takes its own', async () => {
    const created = await admin.post(`${orgPath}/groups`, groupBody('readers-twin'))
    const item = `${orgPath}/groups/${created.body.metadata.id}`
    const renamed = await admin.put(item, groupBody('readers'))
    expect(renamed.status).toBe(409)
    expect(renamed.body.error).toBe('conflict')
    expect((await admin.put(item, groupBody('readers-twin'))).status).toBe(200)
    await admin.del(item)
  })

  it('takes a deleted group off the projects that listed it', async () => {
    const created = await admin.post(`${orgPath}/groups`, groupBody('linked'))
    const id = created.body.metadata.id
    const projectPath = `${orgPath}/projects/${ids.project}`
    const project = (await admin.get(projectPath)).body
    const groupIDs = [...project.spec.groupIDs, id]
    expect((await admin.put(projectPath, { metadata: { name: 'sandbox' }, spec: { groupIDs } })).status).toBe(200)
    await admin.del(`${orgPath}/groups/${id}`)
    expect((await admin.get(projectPath)).body.spec.groupIDs).not.toContain(id)
  })

  it('refuses groups to the read-only member (403): his reader role grants none of their operations', async () => {
    const readers = byName((await admin.get(`${orgPath}/groups`)).body, 'readers')
    const item = `${orgPath}/groups/${readers.metadata.id}`
    expect((await member.get(item)).status).toBe(403)
    expect((await member.post(`${orgPath}/groups`, groupBody('mine'))).status).toBe(403)
    expect((await member.put(item, groupBody('readers'))).status).toBe(403)
    expect((await member.del(item)).status).toBe(403)
  })
})

describe('organization update', () => {
  it('replaces the name, description and provider settings (200, no body), and keeps them across a restart', async () => {
    const body = {
      metadata: { name: 'acme-ai', description: 'Models for retail' },
      spec: { organizationType: 'domain', domain: 'acme.test', providerScope: 'global', providerID: 'google' },
    }
    const saved = await admin.put(orgPath, body)
    // The identity document's answer: 200 with no body.
    expect([saved.status, saved.body, saved.headers.get('content-type')]).toEqual([200, undefined, null])
    expect((await admin.get(orgPath)).body).toMatchObject({
      metadata: { name: 'acme-ai', description: 'Models for retail' },
      spec: body.spec,
    })
    expect((await admin.get(orgPath)).body.spec).toEqual(body.spec)

    const after = await startLocalCloud({ dataDir: cloud.dataDir })
    try {
      const again = testClient(after.url, after.cloud.tokens.admin)
      expect((await again.get(orgPath)).body.metadata.description).toBe('Models for retail')
    } finally {
      await after.stop()
    }
  })

  it('leaves an empty description out of its answer, as the document makes it optional', async () => {
    const saved = await admin.put(orgPath, { metadata: { name: 'acme-ai' }, spec: { organizationType: 'adhoc' } })
    expect(saved.status).toBe(200)
    expect((await admin.get(orgPath)).body.metadata).not.toHaveProperty('description')
  })

  it('refuses a wrong type or domain (400, at its path), and the read-only member (403)', async () => {
    const bad = await admin.put(orgPath, { metadata: { name: 'acme-ai' }, spec: { organizationType: 'team' } })
    expect([bad.status, bad.body.error_description]).toEqual([400, expect.stringContaining('/spec/organizationType')])
    const domain = await admin.put(orgPath, {
      metadata: { name: 'acme-ai' },
      spec: { organizationType: 'domain', domain: 'not a host' },
    })
    expect(domain.body.error_description).toContain('"/spec/domain": must be a hostname')
    const refused = await member.put(orgPath, { metadata: { name: 'x' }, spec: { organizationType: 'adhoc' } })
    expect(refused.status).toBe(403)
  })

  it('refuses a domain organization without its domain and provider, as the identity service fails it (500)', async () => {
    const before = (await admin.get(orgPath)).body.spec
    const bare = await admin.put(orgPath, { metadata: { name: 'acme-ai' }, spec: { organizationType: 'domain' } })
    expect([bare.status, bare.body.error, bare.body.error_description]).toEqual([
      500,
      'server_error',
      'failed to update organization: a domain organization needs domain, providerScope, providerID',
    ])
    const noProvider = await admin.put(orgPath, {
      metadata: { name: 'acme-ai' },
      spec: { organizationType: 'domain', domain: 'acme.example', providerScope: 'organization' },
    })
    expect(noProvider.body.error_description).toMatch(/needs providerID$/)
    expect((await admin.get(orgPath)).body.spec).toEqual(before)
  })
})
