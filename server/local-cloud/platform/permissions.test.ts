import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../testing.ts'
import { testClient, type TestClient } from '../test-client.ts'
import { EU_WEST_1 } from '../catalog/ids.ts'

let cloud: StartedLocalCloud
let admin: TestClient
let member: TestClient
let org: string
/** Project and group ids by name. */
const projects = new Map<string, string>()
const groups = new Map<string, string>()

const identity = (path = '') => `/local/identity/api/v1/organizations/${org}${path}`

beforeAll(async () => {
  cloud = await startLocalCloud()
  org = cloud.cloud.demo.organizationId
  admin = testClient(cloud.url, cloud.cloud.tokens.admin)
  member = testClient(cloud.url, cloud.cloud.tokens.member)
  for (const p of (await admin.get(identity('/projects'))).body) projects.set(p.metadata.name, p.metadata.id)
  for (const g of (await admin.get(identity('/groups'))).body) groups.set(g.metadata.name, g.metadata.id)
})
afterAll(() => cloud.stop())

/** A service account in the named groups, acting with its own token. */
async function accountIn(name: string, ...groupNames: string[]): Promise<TestClient> {
  const created = await admin.post(identity('/serviceaccounts'), {
    metadata: { name },
    spec: { groupIDs: groupNames.map((g) => groups.get(g)) },
  })
  expect(created.status).toBe(201)
  return testClient(cloud.url, created.body.status.accessToken)
}

function networkIn(projectName: string, name: string) {
  return {
    metadata: { name },
    spec: {
      organizationId: org,
      projectId: projects.get(projectName),
      regionId: EU_WEST_1,
      prefix: '10.77.0.0/24',
      dnsNameservers: [],
    },
  }
}

type Acl = { organization: { id: string; endpoints: Endpoints; projects: { id: string; endpoints: Endpoints }[] } }
type Endpoints = { name: string; operations: string[] }[]
const opsOf = (endpoints: Endpoints, name: string) => endpoints.find((e) => e.name === name)?.operations ?? []

describe('the read-only member (LOCAL_CLOUD_MEMBER_TOKEN, a reader)', () => {
  it('reads the projects his groups are linked to', async () => {
    const networks = await member.get('/local/region/api/v2/networks')
    expect(networks.status).toBe(200)
    expect(networks.body.length).toBeGreaterThan(0)
    expect((await member.get(identity('/projects'))).status).toBe(200)
  })

  it('lists only what he may read: the items and projects of his two projects, as the platform does', async () => {
    const his = new Set([projects.get('ml-research'), projects.get('data-platform')])
    for (const path of [
      '/local/region/api/v2/networks',
      '/local/region/api/v2/securitygroups',
      '/local/region/api/v2/filestorage',
      '/local/region/api/v2/instances',
      '/local/compute/api/v2/instances',
    ]) {
      const all = (await admin.get(path)).body as { metadata: { projectId: string } }[]
      const listed = (await member.get(path)).body as { metadata: { projectId: string } }[]
      expect(listed.length, path).toBeGreaterThan(0)
      expect(new Set(listed.map((item) => item.metadata.projectId)), path).toEqual(his)
      expect(listed, path).toEqual(all.filter((item) => his.has(item.metadata.projectId)))
    }
    // A filter naming a project outside his roles is answered with an empty list, not a 403.
    const elsewhere = await member.get(`/local/region/api/v2/networks?projectID=${projects.get('sandbox')}`)
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.body).toEqual([])
    const listedProjects = (await member.get(identity('/projects'))).body as { metadata: { id: string } }[]
    expect(new Set(listedProjects.map((p) => p.metadata.id))).toEqual(his)
    // And one outside them is not his to read, as any item there.
    expect((await member.get(identity(`/projects/${projects.get('ml-research')}`))).status).toBe(200)
    expect((await member.get(identity(`/projects/${projects.get('sandbox')}`))).status).toBe(403)
  })

  it('is refused every write with a 403 in the platform’s error shape', async () => {
    const created = await member.post('/local/region/api/v2/networks', networkIn('ml-research', 'not-allowed'))
    expect(created.status).toBe(403)
    expect(created.body).toMatchObject({ error: 'forbidden', error_description: expect.stringMatching(/permission/) })
    const [network] = (await member.get('/local/region/api/v2/networks')).body
    expect((await member.del(`/local/region/api/v2/networks/${network.metadata.id}`)).status).toBe(403)
    const [instance] = (await member.get('/local/region/api/v2/instances')).body
    expect((await member.post(`/local/region/api/v2/instances/${instance.metadata.id}/stop`)).status).toBe(403)
    expect((await member.get(`/local/compute/api/v2/instances/${instance.metadata.id}/sshkey`)).status).toBe(403)
    expect((await member.get(`/local/compute/api/v2/instances/${instance.metadata.id}/consoleoutput`)).status).toBe(200)
    // Nothing changed behind the refusals.
    expect((await admin.get(`/local/region/api/v2/networks/${network.metadata.id}`)).status).toBe(200)
    expect(
      (await admin.get('/local/region/api/v2/networks')).body.some(
        (n: { metadata: { name: string } }) => n.metadata.name === 'not-allowed',
      ),
    ).toBe(false)
  })

  it('may not see the organization’s people', async () => {
    expect((await member.get(identity('/users'))).status).toBe(403)
    expect((await member.get(identity('/serviceaccounts'))).status).toBe(403)
  })

  it('gets an ACL that says so: read in his projects, no people, no writes', async () => {
    const res = await member.get(identity('/acl'))
    expect(res.status).toBe(200)
    const acl = res.body as Acl
    expect(acl.organization.id).toBe(org)
    expect(opsOf(acl.organization.endpoints, 'region:regions')).toEqual(['read'])
    expect(opsOf(acl.organization.endpoints, 'identity:users')).toEqual([])
    const linked = acl.organization.projects.map((p) => p.id).sort()
    expect(linked).toEqual([projects.get('ml-research'), projects.get('data-platform')].sort())
    for (const project of acl.organization.projects) {
      expect(opsOf(project.endpoints, 'region:networks:v2')).toEqual(['read'])
      expect(opsOf(project.endpoints, 'compute:instances')).toEqual(['read'])
    }
  })
})

describe('roles through groups', () => {
  it('an admin token holds every operation across the organization', async () => {
    const acl = (await admin.get(identity('/acl'))).body as Acl
    expect(opsOf(acl.organization.endpoints, 'region:networks:v2')).toEqual(['create', 'read', 'update', 'delete'])
    expect(opsOf(acl.organization.endpoints, 'identity:users')).toEqual(['create', 'read', 'update', 'delete'])
  })

  it('a user writes only in the projects its groups are linked to', async () => {
    const engineer = await accountIn('perm-engineer', 'ml-engineers')
    const allowed = await engineer.post('/local/region/api/v2/networks', networkIn('sandbox', 'perm-ok'))
    expect(allowed.body).toMatchObject({ metadata: { name: 'perm-ok' } })
    const elsewhere = await engineer.post('/local/region/api/v2/networks', networkIn('production-inference', 'perm-no'))
    expect(elsewhere.status).toBe(403)
    const production = (
      await admin.get(`/local/region/api/v2/networks?projectID=${projects.get('production-inference')}`)
    ).body[0]
    expect((await engineer.del(`/local/region/api/v2/networks/${production.metadata.id}`)).status).toBe(403)
    // An action on an item is checked in the item's project too.
    const instance = (
      await admin.get(`/local/region/api/v2/instances?projectID=${projects.get('production-inference')}`)
    ).body[0]
    expect((await engineer.post(`/local/region/api/v2/instances/${instance.metadata.id}/reboot`)).status).toBe(403)
  })

  it('an auditor reads the whole organization, people included, and writes nothing', async () => {
    const auditor = await accountIn('perm-auditor', 'auditors')
    expect((await auditor.get(identity('/users'))).status).toBe(200)
    const created = await auditor.post(identity('/users'), {
      metadata: { name: 'new.person@acme.example' },
      spec: { subject: 'new.person@acme.example', state: 'active', groupIDs: [] },
    })
    expect(created.status).toBe(403)
  })

  it('a service account in no group may do nothing but ask what it may do', async () => {
    const idle = await accountIn('perm-idle')
    expect((await idle.get('/local/region/api/v2/networks')).status).toBe(403)
    const acl = (await idle.get(identity('/acl'))).body as Acl
    // The document's optional lists, empty: null, as the platform answers them.
    expect(acl.organization.endpoints).toBeNull()
    expect(acl.organization.projects).toBeNull()
  })

  it('refuses another organization’s ACL', async () => {
    const res = await member.get(`/local/identity/api/v1/organizations/${cloud.cloud.demo.secondOrganizationId}/acl`)
    expect(res.status).toBe(403)
  })
})
