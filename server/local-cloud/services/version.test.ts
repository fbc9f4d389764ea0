import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAsAdmin, type StartedLocalCloud } from '../testing.ts'
import type { TestClient } from '../test-client.ts'

describe('GET /api/version', () => {
  let cloud: StartedLocalCloud
  let api: TestClient
  beforeAll(async () => {
    ;({ cloud, api } = await startAsAdmin())
  })
  afterAll(() => cloud.stop())

  it('answers each service’s name and release, as the newest documents define it', async () => {
    const versions = await Promise.all(
      ['region', 'compute', 'identity'].map(async (service) => {
        const res = await api.get(`/local/${service}/api/version`)
        expect(res.status).toBe(200)
        return res.body
      }),
    )
    expect(versions).toEqual([
      { name: 'unikorn-region', version: 'v1.20.0' },
      { name: 'unikorn-compute', version: 'v1.17.0' },
      { name: 'unikorn-identity', version: 'v1.18.0' },
    ])
  })

  it('asks for a token (401 without one)', async () => {
    const res = await api.get('/local/region/api/version', { token: null })
    expect(res.status).toBe(401)
  })
})
