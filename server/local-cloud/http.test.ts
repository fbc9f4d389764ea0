import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalCloud, type StartedLocalCloud } from './testing.ts'
import { testClient, type TestClient } from './test-client.ts'

let cloud: StartedLocalCloud
let api: TestClient

beforeAll(async () => {
  cloud = await startLocalCloud()
  api = testClient(cloud.url, cloud.cloud.tokens.admin)
})
afterAll(() => cloud.stop())

function expectPlatformError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toEqual({
    error: code,
    error_description: expect.any(String),
    trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
  })
}

describe('authentication', () => {
  it.each([
    ['no Authorization header', null],
    ['an unknown token', 'not-a-real-token'],
  ])('answers 401 access_denied with %s', async (_label, token) => {
    for (const path of [
      '/local/region/api/v2/networks',
      '/local/identity/api/v1/organizations',
      '/local/region/api/v2/instances',
    ]) {
      expectPlatformError(await api.get(path, { token }), 401, 'access_denied')
    }
  })

  it('rejects a malformed Authorization header', async () => {
    expectPlatformError(
      await api.get('/local/region/api/v2/networks', {
        token: null,
        headers: { Authorization: `Basic ${cloud.cloud.tokens.admin}` },
      }),
      401,
      'access_denied',
    )
  })
})

describe('routing and request errors', () => {
  it('answers 404 for an unknown path and an unknown service', async () => {
    expectPlatformError(await api.get('/local/region/api/v2/nothing'), 404, 'not_found')
    expectPlatformError(await api.get('/local/nowhere/api'), 404, 'not_found')
  })

  it('answers 405 with Allow for a known path and an unknown method', async () => {
    const res = await api.request('PATCH', '/local/region/api/v2/networks')
    expectPlatformError(res, 405, 'method_not_allowed')
    expect(res.headers.get('allow')).toBe('GET, POST')
    expectPlatformError(await api.request('DELETE', '/local/identity/api/v1/organizations'), 405, 'method_not_allowed')
  })

  // An id of any shape is looked for: platform/path-params.test.ts.
  it('answers 404 for an unknown id', async () => {
    expectPlatformError(
      await api.get('/local/region/api/v2/networks/0b6c0d44-0000-4000-8000-000000000000'),
      404,
      'not_found',
    )
  })

  it('answers 415 for a body that is not JSON', async () => {
    const res = await api.post('/local/region/api/v2/networks', 'name=x', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expectPlatformError(res, 415, 'unsupported_media_type')
  })

  it('answers 400 for malformed JSON, an empty body and a body that is not an object', async () => {
    expectPlatformError(await api.post('/local/region/api/v2/networks', '{"metadata":'), 400, 'invalid_request')
    expectPlatformError(await api.request('POST', '/local/region/api/v2/networks'), 400, 'invalid_request')
    const array = await api.post('/local/region/api/v2/networks', [1, 2])
    expectPlatformError(array, 400, 'invalid_request')
  })

  it('accepts JSON with a charset parameter', async () => {
    const res = await api.post(
      '/local/region/api/v2/networks',
      { metadata: {}, spec: {} },
      { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
    )
    expectPlatformError(res, 400, 'invalid_request')
    expect(res.body.error_description).toContain('"/metadata/name"')
  })

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ metadata: { name: 'x', description: 'y'.repeat(2 * 1024 * 1024) }, spec: {} })
    expectPlatformError(await api.post('/local/region/api/v2/networks', big), 413, 'request_entity_too_large')
    const streamed = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const url = new URL(`${cloud.url}/local/region/api/v2/networks`)
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            Authorization: `Bearer ${cloud.cloud.tokens.admin}`,
            'Content-Type': 'application/json',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
        },
      )
      req.on('error', reject)
      const chunk = 'x'.repeat(64 * 1024)
      let sent = 0
      const pump = () => {
        while (sent < 40) {
          sent++
          if (!req.write(chunk)) return req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
    expectPlatformError(streamed, 413, 'request_entity_too_large')
  })
})

describe('knobs', () => {
  it('answers 503 with the platform body at a failure rate of 1', async () => {
    const failing = await startLocalCloud({ failureRate: 1 })
    try {
      const res = await testClient(failing.url, failing.cloud.tokens.admin).get('/local/region/api/v2/networks')
      expectPlatformError(res, 503, 'server_error')
      expect(res.body.error_description).toMatch(/temporarily unavailable/)
    } finally {
      await failing.stop()
    }
  })

  it('delays responses by the configured latency', async () => {
    const slow = await startLocalCloud({ latencyMs: 120 })
    try {
      const started = performance.now()
      await testClient(slow.url, slow.cloud.tokens.admin).get('/local/identity/api/v1/organizations')
      expect(performance.now() - started).toBeGreaterThanOrEqual(110)
    } finally {
      await slow.stop()
    }
  })
})
