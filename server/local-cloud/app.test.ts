import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalCloud, type LocalCloud } from './index.ts'
import { EU_WEST_1 } from './catalog/ids.ts'

// The console server calls the local cloud in-process through fetch(Request): the same answers as over HTTP.

let dataDir: string
let cloud: LocalCloud
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-cloud-fetch-'))
  cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
})
afterAll(async () => {
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
})

const call = (path: string, init: RequestInit = {}, token = cloud.tokens.admin) =>
  cloud.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    }),
  )

describe('fetch(Request)', () => {
  it('answers a list, and a write whose Request carries no Content-Length', async () => {
    const org = cloud.demo.organizationId
    const projects = await call(`/local/identity/api/v1/organizations/${org}/projects`)
    expect(projects.status).toBe(200)
    expect(projects.headers.get('content-type')).toMatch(/^application\/json/)
    const projectId = ((await projects.json()) as { metadata: { id: string } }[])[0]?.metadata.id
    const created = await call('/local/region/api/v2/networks', {
      method: 'POST',
      body: JSON.stringify({
        metadata: { name: 'fetched' },
        spec: { organizationId: org, projectId, regionId: EU_WEST_1, prefix: '10.201.0.0/24', dnsNameservers: [] },
      }),
    })
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { metadata: { id: string } }).metadata.id
    const listed = (await (await call('/local/region/api/v2/networks')).json()) as { metadata: { id: string } }[]
    expect(listed.map((n) => n.metadata.id)).toContain(id)
  })

  it('answers errors in the platform’s body: 401, 404, 405 with Allow, and a business rule as a plain sentence', async () => {
    const unauthorized = await call('/local/region/api/v2/networks', {}, 'nope')
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer')
    expect(await unauthorized.json()).toEqual({
      error: 'access_denied',
      error_description: expect.any(String),
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect((await call('/local/region/api/v2/nothing')).status).toBe(404)
    const wrongMethod = await call('/local/region/api/v2/networks', { method: 'PATCH' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST')
    const unknownProject = await call('/local/region/api/v2/networks', {
      method: 'POST',
      body: JSON.stringify({
        metadata: { name: 'too-small' },
        spec: {
          organizationId: cloud.demo.organizationId,
          projectId: 'x',
          regionId: EU_WEST_1,
          prefix: '10.202.0.0/24',
          dnsNameservers: [],
        },
      }),
    })
    expect(unknownProject.status).toBe(400)
    expect(((await unknownProject.json()) as { error_description: string }).error_description).toBe(
      'project does not exist in the organization',
    )
  })

  it('answers the inference service in OpenAI’s error body', async () => {
    const res = await call('/local/inference/v1/embeddings', { method: 'POST', body: '{' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null } })
  })
})
