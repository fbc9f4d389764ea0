import { beforeAll, describe, expect, it } from 'vitest'
import { useLocalCloud } from '../../test-cloud.ts'
import { testClient } from '../../test-client.ts'

// The operations of region v1.20.0's /api/v2/sshcertificateauthorities: list 200 (400), create 201 (400, 403, 422),
// get 200 (404), delete 202 (404); no update.
const local = useLocalCloud()
const path = '/local/region/api/v2/sshcertificateauthorities'
// A key ssh-keygen wrote (`ssh-keygen -t ed25519`); its private half was thrown away.
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAkx6/FWt6WmloJ/msOatPmTSdDXgGnAFBny+42eHrs2 test-ca'
let org: string
let project: string

beforeAll(async () => {
  org = local.organizationId
  const projects = await local.api.get(`/local/identity/api/v1/organizations/${org}/projects`)
  project = projects.body[0].metadata.id
})

const body = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name },
  spec: { organizationId: org, projectId: project, publicKey: KEY, ...spec },
})

describe('SSH certificate authorities', () => {
  it('creates one (201) in a project and no region, reads it back, lists it by project, and deletes it (202)', async () => {
    const created = await local.api.post(path, body('ca-create'))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      metadata: { name: 'ca-create', organizationId: org, projectId: project, provisioningStatus: expect.any(String) },
      spec: { publicKey: KEY },
    })
    expect(created.body.status?.regionId).toBeUndefined()
    const id = created.body.metadata.id
    expect((await local.api.get(`${path}/${id}`)).body).toEqual(created.body)
    const listed = await local.api.get(`${path}?projectID=${project}`)
    expect(listed.body.map((ca: { metadata: { id: string } }) => ca.metadata.id)).toContain(id)
    const elsewhere = await local.api.get(`${path}?projectID=not-${project}`)
    expect(elsewhere.body ?? []).toEqual([])
    expect((await local.api.del(`${path}/${id}`)).status).toBe(202)
    expect((await local.api.get(`${path}/${id}`)).status).toBe(404)
  })

  it('lists the demo organization’s CAs', async () => {
    const listed = await local.api.get(`${path}?organizationID=${org}`)
    expect(listed.status).toBe(200)
    expect(listed.body.map((ca: { metadata: { name: string } }) => ca.metadata.name)).toEqual(
      expect.arrayContaining(['prod-user-ca', 'research-ca']),
    )
  })

  it('refuses a key that is not one OpenSSH public key (422), naming the field and not the value', async () => {
    // The last two start as an Ed25519 key should, but hold no key, or more than one: the platform parses the whole.
    const [type, data] = KEY.split(' ')
    for (const publicKey of [
      'not a key',
      `${KEY}\n${KEY}`,
      'ssh-ed25519 AAAAB3NzaC1yc2EAAAADAQABAAABAQ== x',
      `${type} AAAAC3NzaC1lZDI1NTE5 x`,
      `${type} ${data}AAAA x`,
    ]) {
      const res = await local.api.post(path, body('ca-bad', { publicKey }))
      expect(res.status, publicKey).toBe(422)
      expect(res.body.error).toBe('unprocessable_content')
      expect(res.body.error_description).toContain('/spec/publicKey')
      expect(res.body.error_description).not.toContain('AAAA')
    }
  })

  it('refuses a body outside the schema (400), naming the field, and makes nothing', async () => {
    const before = (await local.api.get(`${path}?projectID=${project}`)).body.length
    for (const [spec, field] of [
      [{ publicKey: undefined }, '/spec/publicKey'],
      [{ publicKey: 42 }, '/spec/publicKey'],
      [{ projectId: undefined }, '/spec/projectId'],
    ] as const) {
      const res = await local.api.post(path, body('ca-schema', spec))
      expect(res.status, field).toBe(400)
      expect(res.body.error_description, field).toContain(`"${field}"`)
    }
    expect((await local.api.get(`${path}?projectID=${project}`)).body.length).toBe(before)
  })

  it('has no update: a PUT on one is not an operation of the platform', async () => {
    const created = await local.api.post(path, body('ca-no-update'))
    const res = await local.api.put(`${path}/${created.body.metadata.id}`, body('ca-renamed'))
    expect([404, 405]).toContain(res.status)
    expect((await local.api.get(`${path}/${created.body.metadata.id}`)).body.metadata.name).toBe('ca-no-update')
  })

  it('refuses a project that is not the organization’s (400), another organization (403), and a missing CA (404)', async () => {
    expect((await local.api.post(path, body('ca-nowhere', { projectId: 'no-such-project' }))).status).toBe(400)
    const foreign = await local.api.post(
      path,
      body('ca-foreign', { organizationId: local.started.cloud.demo.secondOrganizationId }),
    )
    expect(foreign.status).toBe(403)
    expect((await local.api.get(`${path}/no-such-ca`)).status).toBe(404)
    expect((await local.api.del(`${path}/no-such-ca`)).status).toBe(404)
  })

  it('is read by a member and created only by those whose roles grant it', async () => {
    const member = testClient(local.started.url, local.started.cloud.tokens.member)
    expect((await member.get(`${path}?organizationID=${org}`)).status).toBe(200)
    expect((await member.post(path, body('ca-by-reader'))).status).toBe(403)
  })
})
