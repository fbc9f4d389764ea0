import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from 'zod/mini'
import { englishMessages } from './schemas/messages'
import { configureApi, resetApiConfig } from './config'
import { ApiError, isAborted, isApiError, isNotOffered } from './errors'
import { fakeFetch, jsonResponse, modelNotFoundResponse, placement, platformMetadata } from '../test/fakeFetch'
import { regionApi } from './regions'
import { networkApi } from './networks'
import { getSession } from './session'
import { onUnauthorized } from './unauthorized'
import { consoleBusy } from './busy'

afterEach(() => resetApiConfig())

const networkBody = {
  metadata: platformMetadata({ id: 'net-1', name: 'default', organizationId: 'org-1', projectId: 'proj-1' }),
  spec: { dnsNameservers: ['8.8.8.8'] },
  status: { regionId: 'reg-1', prefix: '10.0.0.0/24' },
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (e) {
    if (isApiError(e)) return e
    throw new Error(`expected an ApiError, got ${String(e)}`)
  }
  throw new Error('expected the call to fail')
}

function answerWith(response: () => Response) {
  const fake = fakeFetch(() => response())
  configureApi({ fetch: fake.fetch })
  return fake
}

describe('requests', () => {
  it('go through the console proxy with the session cookie, CSRF header and JSON content type', async () => {
    const fake = answerWith(() => jsonResponse(201, networkBody))
    configureApi({ baseUrl: 'http://console.test' })
    await networkApi.create.call({
      body: {
        metadata: { name: 'default' },
        spec: { ...placement, prefix: '10.0.0.0/24', dnsNameservers: [] },
      },
    })
    const [call] = fake.calls
    expect(call?.url).toBe('http://console.test/api/region/api/v2/networks')
    expect(call?.method).toBe('POST')
    expect(call?.credentials).toBe('same-origin')
    expect(call?.headers['x-requested-with']).toBe('cloud-console')
    expect(call?.headers['content-type']).toBe('application/json')
  })

  it('send the CSRF header on reads too, and no content type without a body', async () => {
    const fake = answerWith(() => jsonResponse(200, []))
    await networkApi.list.call({ projectID: ['p1'] })
    expect(fake.calls[0]?.url).toBe('/api/region/api/v2/networks?projectID=p1')
    expect(fake.calls[0]?.headers['x-requested-with']).toBe('cloud-console')
    expect(fake.calls[0]?.headers['content-type']).toBeUndefined()
  })

  it('use the global fetch looked up at call time when none is configured', async () => {
    const stub = vi.fn(async () => jsonResponse(200, [networkBody]))
    vi.stubGlobal('fetch', stub)
    try {
      await expect(networkApi.list.call({})).resolves.toHaveLength(1)
      expect(stub).toHaveBeenCalledOnce()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('error answers become one ApiError', () => {
  it('reads the platform body: code, description, trace id and the field path it names', async () => {
    answerWith(() =>
      jsonResponse(400, {
        error: 'invalid_request',
        error_description:
          'request body has an error: doesn\'t match schema: Error at "/spec/sizeGiB": number must be at least 1',
        trace_id: 'abc123',
      }),
    )
    const e = await failureOf(networkApi.detail.call({ networkID: 'net-1' }))
    expect(e).toMatchObject({
      status: 400,
      code: 'invalid_request',
      traceId: 'abc123',
      fieldPath: ['spec', 'sizeGiB'],
      service: 'region',
      method: 'GET',
      path: '/api/v2/networks/net-1',
    })
    expect(e.message).toContain('number must be at least 1')
  })

  it('reads the OpenAI body: message, code and param as the field path', async () => {
    answerWith(() => modelNotFoundResponse())
    const e = await failureOf(networkApi.detail.call({ networkID: 'x' }))
    expect(e).toMatchObject({
      status: 404,
      code: 'model_not_found',
      fieldPath: ['model'],
      message: 'The model `nope` does not exist',
    })
  })

  it('falls back to the OpenAI type when the code is null', async () => {
    answerWith(() =>
      jsonResponse(400, {
        error: { message: 'bad input', type: 'invalid_request_error', param: 'input[2]', code: null },
      }),
    )
    const e = await failureOf(networkApi.detail.call({ networkID: 'x' }))
    expect(e).toMatchObject({ code: 'invalid_request_error', fieldPath: ['input', 2] })
  })

  it('turns an HTML error page from a proxy into a readable message without markup', async () => {
    answerWith(
      () =>
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    const e = await failureOf(networkApi.detail.call({ networkID: 'x' }))
    expect(e).toMatchObject({ status: 502, code: 'bad_gateway', bodyKind: 'other' })
    expect(e.message).toBe('The server answered 502 Bad Gateway.')
  })

  it('shows a short plain-text body', async () => {
    answerWith(() => new Response('upstream connect error', { status: 503, headers: { 'Content-Type': 'text/plain' } }))
    const e = await failureOf(networkApi.detail.call({ networkID: 'x' }))
    expect(e.code).toBe('service_unavailable')
    expect(e.message).toContain('upstream connect error')
  })

  it('handles an empty error body', async () => {
    answerWith(() => new Response(null, { status: 500 }))
    const e = await failureOf(networkApi.detail.call({ networkID: 'x' }))
    expect(e).toMatchObject({ status: 500, code: 'server_error', bodyKind: 'none' })
    expect(e.message).toContain('500')
  })

  it('reports a network failure with status 0', async () => {
    configureApi({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const e = await failureOf(networkApi.list.call({}))
    expect(e).toMatchObject({ status: 0, code: 'network_error' })
    expect(e.cause).toBeInstanceOf(TypeError)
  })

  it('gives up after the timeout even when fetch never settles', async () => {
    configureApi({ fetch: () => new Promise<Response>(() => {}) })
    const started = Date.now()
    const e = await failureOf(networkApi.list.call({}, { timeoutMs: 20 }))
    expect(e).toMatchObject({ status: 0, code: 'timeout' })
    expect(e.message).toContain('20 ms')
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('waits past the console server’s deadline for a service, so the server’s 504 naming it arrives first', async () => {
    const late = { error: 'upstream_timeout', error_description: 'The regional API did not answer within 20 ms.' }
    configureApi({
      timeoutMs: 20,
      fetch: () => new Promise<Response>((resolve) => setTimeout(() => resolve(jsonResponse(504, late)), 60)),
    })
    const e = await failureOf(networkApi.list.call({}))
    expect(e).toMatchObject({ status: 504, message: late.error_description })
  })

  it('rejects as aborted when the caller cancels', async () => {
    configureApi({ fetch: () => new Promise<Response>(() => {}) })
    const controller = new AbortController()
    const pending = networkApi.list.call({}, { signal: controller.signal })
    controller.abort()
    const e = await failureOf(pending)
    expect(isAborted(e)).toBe(true)
    expect(e.status).toBe(0)
  })

  it('does not call fetch when the signal is already aborted', async () => {
    const fake = answerWith(() => jsonResponse(200, []))
    const controller = new AbortController()
    controller.abort()
    expect(isAborted(await failureOf(networkApi.list.call({}, { signal: controller.signal })))).toBe(true)
    expect(fake.calls).toHaveLength(0)
  })
})

describe('answers that do not match the schema', () => {
  it('reports an HTML page answering 200 as an invalid response naming the path', async () => {
    answerWith(
      () => new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    )
    const e = await failureOf(networkApi.list.call({}))
    expect(e).toMatchObject({ code: 'invalid_response', status: 200, path: '/api/v2/networks' })
    expect(e.message).toContain('/api/v2/networks')
  })

  it('reports a body missing a required field, with where it is', async () => {
    answerWith(() =>
      jsonResponse(200, [networkBody, { ...networkBody, metadata: { ...networkBody.metadata, id: 42 } }]),
    )
    const e = await failureOf(networkApi.list.call({}))
    expect(e.code).toBe('invalid_response')
    expect(e.message).toContain('1.metadata.id')
  })

  it('says in words what was wrong, even before anything else loaded English messages', async () => {
    // The locale a form or an earlier file may have set, cleared: the client must load it itself.
    config({ localeError: undefined })
    try {
      answerWith(() => jsonResponse(200, [{ ...networkBody, status: { ...networkBody.status, prefix: 24 } }]))
      const e = await failureOf(networkApi.list.call({}))
      expect(e.message).toBe(
        'Unexpected answer to GET /api/v2/networks at 0.status.prefix: Invalid input: expected string, received number.',
      )
    } finally {
      englishMessages()
    }
  })
})

describe('401', () => {
  it('notifies every subscriber once and rejects with status 401 when the console server says the session ended', async () => {
    answerWith(() =>
      jsonResponse(
        401,
        { error: 'access_denied', error_description: 'token expired' },
        { 'X-Console-Session': 'ended' },
      ),
    )
    const seen: ApiError[] = []
    const unsubscribe = onUnauthorized((e) => seen.push(e))
    try {
      const e = await failureOf(networkApi.list.call({}))
      expect(e).toMatchObject({ status: 401, code: 'unauthorized', message: 'token expired' })
      expect(seen).toEqual([e])
    } finally {
      unsubscribe()
    }
    await failureOf(networkApi.list.call({}))
    expect(seen).toHaveLength(1)
  })

  it('is one service refusing one call when the console server does not say the session ended', async () => {
    answerWith(() => jsonResponse(401, { error: 'access_denied', error_description: 'not our token' }))
    const listener = vi.fn()
    const unsubscribe = onUnauthorized(listener)
    try {
      const e = await failureOf(networkApi.list.call({}))
      expect(e).toMatchObject({ status: 401, code: 'access_denied', message: 'not our token' })
      expect(listener).not.toHaveBeenCalled()
    } finally {
      unsubscribe()
    }
  })

  it('is an answer, not an expiry, for the session route: signed out reads as null', async () => {
    answerWith(() => jsonResponse(401, { error: 'access_denied', error_description: 'Not signed in.' }))
    const listener = vi.fn()
    const unsubscribe = onUnauthorized(listener)
    try {
      await expect(getSession()).resolves.toBeNull()
      expect(listener).not.toHaveBeenCalled()
    } finally {
      unsubscribe()
    }
  })
})

describe('isNotOffered', () => {
  const notFound = { error: 'not_found', error_description: 'resource not found' }

  it('is true for 404 on a collection path, whatever the body', async () => {
    answerWith(() => jsonResponse(404, notFound))
    expect(isNotOffered(await failureOf(regionApi.list.call({ organizationID: 'org-1' })))).toBe(true)
  })

  it("is false for the platform's not_found on an item path: the item is gone", async () => {
    answerWith(() => jsonResponse(404, notFound))
    expect(isNotOffered(await failureOf(networkApi.detail.call({ networkID: 'gone' })))).toBe(false)
  })

  it('is true for a non-platform 404 on an item path (a router that does not know the route)', async () => {
    answerWith(() => new Response('404 page not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }))
    expect(isNotOffered(await failureOf(networkApi.detail.call({ networkID: 'x' })))).toBe(true)
  })

  it('is true for 405 and 501 anywhere, false for other errors and non-API errors', async () => {
    answerWith(() => jsonResponse(405, { error: 'method_not_allowed', error_description: 'no' }))
    expect(isNotOffered(await failureOf(networkApi.detail.call({ networkID: 'x' })))).toBe(true)
    answerWith(() => jsonResponse(501, { error: 'not_implemented', error_description: 'no' }))
    expect(isNotOffered(await failureOf(networkApi.list.call({})))).toBe(true)
    answerWith(() => jsonResponse(403, { error: 'forbidden', error_description: 'no' }))
    expect(isNotOffered(await failureOf(networkApi.list.call({})))).toBe(false)
    expect(isNotOffered(new Error('x'))).toBe(false)
  })
})

describe('a console server too busy to answer now', () => {
  const busy = (status: number) =>
    jsonResponse(status, { error: 'console_busy', error_description: 'The console is busy.' }, { 'Retry-After': '1' })

  it('is asked again for a read after its Retry-After, with up to half as long again, and says it is busy meanwhile', async () => {
    vi.useFakeTimers()
    try {
      const answers = [busy(503), busy(429), jsonResponse(200, [])]
      const fake = answerWith(() => answers.shift()!)
      const list = networkApi.list.call({ projectID: ['p1'] })
      await vi.advanceTimersByTimeAsync(0)
      expect(fake.calls).toHaveLength(1)
      expect(consoleBusy.get()).toBe(true)
      await vi.advanceTimersByTimeAsync(999)
      expect(fake.calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(501)
      expect(fake.calls).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(1_500)
      expect(await list).toEqual([])
      expect(fake.calls).toHaveLength(3)
      expect(consoleBusy.get()).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('never sends a write again by itself', async () => {
    const fake = answerWith(() => busy(503))
    const e = await failureOf(
      networkApi.create.call({
        body: { metadata: { name: 'n' }, spec: { ...placement, prefix: '10.0.0.0/24', dnsNameservers: [] } },
      }),
    )
    expect(e.status).toBe(503)
    expect(fake.calls).toHaveLength(1)
  })

  it('marks a refresh of what the page shows as one a busy server may refuse first', async () => {
    const fake = answerWith(() => jsonResponse(200, []))
    await networkApi.list.call({ projectID: ['p1'] }, { background: true })
    await networkApi.list.call({ projectID: ['p1'] })
    expect(fake.calls.map((call) => call.headers['x-console-priority'])).toEqual(['background', undefined])
  })
})
