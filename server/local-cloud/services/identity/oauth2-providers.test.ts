import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from '../../testing.ts'
import { byName, testClient, type TestClient } from '../../test-client.ts'

let cloud: StartedLocalCloud
let admin: TestClient
let member: TestClient
let orgPath: string
let providers: string

beforeAll(async () => {
  cloud = await startLocalCloud()
  admin = testClient(cloud.url, cloud.cloud.tokens.admin)
  member = testClient(cloud.url, cloud.cloud.tokens.member)
  orgPath = `/local/identity/api/v1/organizations/${cloud.cloud.demo.organizationId}`
  providers = `${orgPath}/oauth2providers`
})
afterAll(() => cloud.stop())

const body = (name: string, spec: Record<string, unknown> = {}) => ({
  metadata: { name, description: 'Okta for contractors' },
  spec: { issuer: 'https://contractors.okta.example', clientID: 'client-1', clientSecret: 'shh-0123', ...spec },
})

describe("an organization's identity providers", () => {
  it('creates (201, the provider without its secret), lists, replaces (200, no body) and deletes (200, no body)', async () => {
    const created = await admin.post(providers, body('contractors', { type: 'microsoft' }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      metadata: {
        name: 'contractors',
        organizationId: cloud.cloud.demo.organizationId,
        provisioningStatus: 'provisioned',
      },
      spec: { type: 'microsoft', issuer: 'https://contractors.okta.example', clientID: 'client-1' },
    })
    expect(JSON.stringify(created.body)).not.toContain('shh-0123')
    const item = `${providers}/${created.body.metadata.id}`

    const changed = await admin.put(item, body('contractors', { clientID: 'client-2' }))
    expect([changed.status, changed.body]).toEqual([200, undefined])
    const listed = byName((await admin.get(providers)).body, 'contractors')
    // The whole provider is replaced: the type left out is gone, and no secret is read back.
    expect(listed.spec).toEqual({ issuer: 'https://contractors.okta.example', clientID: 'client-2' })

    const deleted = await admin.del(item)
    expect([deleted.status, deleted.body]).toEqual([200, undefined])
    expect((await admin.get(providers)).body.map((p: { metadata: { name: string } }) => p.metadata.name)).not.toContain(
      'contractors',
    )
    expect((await admin.put(item, body('contractors'))).status).toBe(404)
  })

  it('refuses a second provider of the same name (409) and a body without its issuer (400)', async () => {
    const taken = await admin.post(providers, body('staging-auth0'))
    expect([taken.status, taken.body.error]).toEqual([409, 'conflict'])
    const bare = await admin.post(providers, { metadata: { name: 'bare' }, spec: { clientID: 'c' } })
    expect([bare.status, bare.body.error_description]).toEqual([400, expect.stringContaining('/spec/issuer')])
  })

  it('refuses to delete the provider the organization signs in through (403), and names the organization', async () => {
    const okta = byName((await admin.get(providers)).body, 'acme-okta')
    expect((await admin.get(orgPath)).body.spec).toMatchObject({
      providerScope: 'organization',
      providerID: okta.metadata.id,
    })
    const refused = await admin.del(`${providers}/${okta.metadata.id}`)
    expect([refused.status, refused.body.error_description]).toEqual([
      403,
      `identity provider acme-okta is in use and cannot be deleted: used by organization acme-ai (${cloud.cloud.demo.organizationId})`,
    ])
  })

  it('is read by administrators and auditors only: the read-only member is refused (403)', async () => {
    expect((await member.get(providers)).status).toBe(403)
    expect((await member.post(providers, body('mine'))).status).toBe(403)
  })
})
