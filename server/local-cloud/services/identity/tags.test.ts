import { beforeAll, describe, expect, it } from 'vitest'
import { byName } from '../../test-client.ts'
import { useLocalCloud } from '../../test-cloud.ts'
import * as z from 'zod'
import { parseBody, writeMetadata } from '../../platform/validate.ts'

// Tags on users and service accounts: kept on create and update like on any resource, and refused by the same
// rules as the regional resources' tags.

const local = useLocalCloud()
const orgPath = () => `/local/identity/api/v1/organizations/${local.organizationId}`

const team = { name: 'team', value: 'ml' }
const owner = { name: 'owner', value: 'ada@acme.example' }

describe('user tags', () => {
  it('are returned on create and in the list, replaced by an update and cleared when an update leaves them out', async () => {
    const subject = 'tagged.user@acme.example'
    const spec = { subject, state: 'active', groupIDs: [] }
    const created = await local.api.post(`${orgPath()}/users`, {
      metadata: { name: 'tagged-user', tags: [team, owner] },
      spec,
    })
    expect(created.status).toBe(201)
    expect(created.body.metadata.tags).toEqual([team, owner])
    const id = created.body.metadata.id
    const listed = () =>
      local.api
        .get(`${orgPath()}/users`)
        .then((res) => res.body.find((u: { metadata: { id: string } }) => u.metadata.id === id))
    expect((await listed()).metadata.tags).toEqual([team, owner])

    const retagged = await local.api.put(`${orgPath()}/users/${id}`, {
      metadata: { name: 'tagged-user', tags: [{ name: 'env', value: 'prod' }] },
      spec,
    })
    expect(retagged.status).toBe(200)
    expect(retagged.body.metadata.tags).toEqual([{ name: 'env', value: 'prod' }])
    expect((await listed()).metadata).toMatchObject({ name: 'undefined', tags: [{ name: 'env', value: 'prod' }] })

    const cleared = await local.api.put(`${orgPath()}/users/${id}`, {
      metadata: { name: 'tagged-user' },
      spec: { ...spec, state: 'suspended' },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body.metadata.tags).toBeUndefined()
    expect((await listed()).metadata.tags).toBeUndefined()
  })
})

describe('service account tags', () => {
  it('are returned on create, kept by a token rotation, replaced by an update and cleared when an update leaves them out', async () => {
    const created = await local.api.post(`${orgPath()}/serviceaccounts`, {
      metadata: { name: 'tagged-sa', description: 'd', tags: [team] },
      spec: { groupIDs: [] },
    })
    expect(created.status).toBe(201)
    expect(created.body.metadata.tags).toEqual([team])
    expect(typeof created.body.status.accessToken).toBe('string')
    const id = created.body.metadata.id

    expect((await local.api.post(`${orgPath()}/serviceaccounts/${id}/rotate`)).body.metadata.tags).toEqual([team])

    const retagged = await local.api.put(`${orgPath()}/serviceaccounts/${id}`, {
      metadata: { name: 'tagged-sa', tags: [team, owner] },
      spec: { groupIDs: [] },
    })
    expect(retagged.status).toBe(200)
    expect(retagged.body.metadata.tags).toEqual([team, owner])
    expect(byName((await local.api.get(`${orgPath()}/serviceaccounts`)).body, 'tagged-sa').metadata.tags).toEqual([
      team,
      owner,
    ])

    const cleared = await local.api.put(`${orgPath()}/serviceaccounts/${id}`, {
      metadata: { name: 'tagged-sa' },
      spec: { groupIDs: [] },
    })
    expect(cleared.body.metadata.tags).toBeUndefined()
    expect(
      byName((await local.api.get(`${orgPath()}/serviceaccounts`)).body, 'tagged-sa').metadata.tags,
    ).toBeUndefined()
  })
})

/** The answer the regional resources give for this metadata: the same validator's message. */
function regionalRefusal(metadata: unknown): string {
  try {
    parseBody(z.object({ metadata: writeMetadata }), { metadata })
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the regional validator accepted these tags')
}

describe('tag validation', () => {
  const badTags: [string, unknown, string][] = [
    ['an empty name', [{ name: '', value: 'x' }], '/metadata/tags/0/name'],
    ['a name over 255 characters', [{ name: 'n'.repeat(256), value: 'x' }], '/metadata/tags/0/name'],
    ['a value over 255 characters', [team, { name: 'note', value: 'v'.repeat(256) }], '/metadata/tags/1/value'],
    ['no value', [{ name: 'team' }], '/metadata/tags/0/value'],
    ['a name given twice', [team, { name: 'team', value: 'data' }], '/metadata/tags/1/name'],
    ['more than 64 tags', Array.from({ length: 65 }, (_, i) => ({ name: `t${i}`, value: '' })), '/metadata/tags'],
    ['tags that are no list', { team: 'ml' }, '/metadata/tags'],
  ]

  let userId: string
  let accountId: string
  beforeAll(async () => {
    userId = (
      await local.api.post(`${orgPath()}/users`, {
        spec: { subject: 'validated@acme.example', state: 'active', groupIDs: [] },
      })
    ).body.metadata.id
    accountId = (
      await local.api.post(`${orgPath()}/serviceaccounts`, {
        metadata: { name: 'validated-sa' },
        spec: { groupIDs: [] },
      })
    ).body.metadata.id
  })

  it.each(badTags)(
    'refuses %s on every user and service-account write, as the regional resources do',
    async (_label, tags, path) => {
      const metadata = { name: 'validated', tags }
      const expected = regionalRefusal(metadata)
      expect(expected).toContain(`"${path}"`)
      const userSpec = { subject: 'validated@acme.example', state: 'active', groupIDs: [] }
      const writes = [
        local.api.post(`${orgPath()}/users`, { metadata, spec: { ...userSpec, subject: 'another@acme.example' } }),
        local.api.put(`${orgPath()}/users/${userId}`, { metadata, spec: userSpec }),
        local.api.post(`${orgPath()}/serviceaccounts`, { metadata, spec: { groupIDs: [] } }),
        local.api.put(`${orgPath()}/serviceaccounts/${accountId}`, { metadata, spec: { groupIDs: [] } }),
      ]
      for (const res of await Promise.all(writes)) {
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({ error: 'invalid_request', error_description: expected })
      }
      // Nothing was written: the user was not created and the existing ones are unchanged.
      const users = (await local.api.get(`${orgPath()}/users`)).body as {
        spec: { subject: string }
        metadata: { id: string; tags?: unknown }
      }[]
      expect(users.some((u) => u.spec.subject === 'another@acme.example')).toBe(false)
      expect(users.find((u) => u.metadata.id === userId)?.metadata.tags).toBeUndefined()
      expect(
        byName((await local.api.get(`${orgPath()}/serviceaccounts`)).body, 'validated-sa').metadata.tags,
      ).toBeUndefined()
    },
  )
})
