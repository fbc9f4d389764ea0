// The embedded cloud reached in-process (its fetch) and over loopback HTTP (its Node handler) must answer alike.
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

// A stand-in for the local cloud with both entry points over one Web handler, as the real one has.
const cloud = new Hono()
const networks = Array.from({ length: 50 }, (_, i) => ({ metadata: { id: `net-${i}`, name: `network-${i}` } }))
cloud.get('/local/identity/api/v1/organizations', (c) => c.json([{ metadata: { id: 'org' } }]))
cloud.get('/local/region/api/v2/networks', (c) => {
  c.header('etag', '"list-1"')
  c.header('x-trace-id', 'trace-list')
  return c.json(networks)
})
cloud.post('/local/region/api/v2/networks', async (c) => {
  const body = await c.req.text()
  if (body.length > 2048) return c.json({ error: 'request_entity_too_large', error_description: 'too big' }, 413)
  return c.json({ received: JSON.parse(body), query: c.req.query('tag') }, 201)
})
cloud.delete('/local/region/api/v2/networks/:id', () => new Response(null, { status: 204 }))
cloud.get('/local/region/api/v2/html', (c) => c.html('<h1>not here</h1>', 404))
cloud.all('*', (c) => c.json({ error: 'not_found', error_description: `no ${c.req.path}` }, 404))

let inProcessCalls = 0
let loopbackCalls = 0
let sinkCalls = 0
let inProcess: RunningConsole
let loopback: RunningConsole
let sink: RunningConsole

beforeAll(async () => {
  const handle = getRequestListener(cloud.fetch)
  inProcess = await startConsoleServer(
    {},
    {
      localCloud: {
        tokens: { admin: 'demo' },
        handle: () => {
          throw new Error('the in-process path must not take the Node handler')
        },
        fetch: async (request) => {
          inProcessCalls++
          return cloud.fetch(request)
        },
      },
    },
  )
  // The local cloud's cheapest entry: answers it has as bytes are written to a sink, others returned as Responses.
  sink = await startConsoleServer(
    {},
    {
      localCloud: {
        tokens: { admin: 'demo' },
        handle: () => {
          throw new Error('the in-process path must not take the Node handler')
        },
        // Sign-in checks the token through fetch; the proxy and /local/ must take `respond`.
        fetch: async (request) => cloud.fetch(request),
        respond: async (request, out) => {
          sinkCalls++
          const response = await cloud.fetch(request)
          if (!response.headers.get('content-type')?.includes('json')) return response
          out.writeHead(response.status, Object.fromEntries(response.headers))
          out.end(new Uint8Array(await response.arrayBuffer()))
          return undefined
        },
      },
    },
  )
  loopback = await startConsoleServer(
    {},
    {
      localCloud: {
        tokens: { admin: 'demo' },
        handle: (req, res) => {
          if (req.url?.startsWith('/local/region')) loopbackCalls++
          return handle(req, res)
        },
      },
    },
  )
})
afterAll(async () => {
  await inProcess.close()
  await sink.close()
  await loopback.close()
})

type Call = { path: string; method?: string; body?: string; encoding?: string }
const calls: Call[] = [
  { path: '/api/region/api/v2/networks' },
  { path: '/api/region/api/v2/networks', encoding: 'gzip' },
  { path: '/api/region/api/v2/networks', encoding: 'br, gzip' },
  { path: '/api/region/api/v2/networks?tag=env%3Dprod', method: 'POST', body: '{"metadata":{"name":"n"}}' },
  { path: '/api/region/api/v2/networks', method: 'POST', body: JSON.stringify({ pad: 'x'.repeat(4096) }) },
  { path: '/api/region/api/v2/networks/net-1', method: 'DELETE' },
  { path: '/api/region/api/v2/html' },
  { path: '/api/region/api/v2/nothing' },
]

async function answer(running: RunningConsole, cookie: string, call: Call) {
  const res = await fetch(`${running.base}${call.path}`, {
    method: call.method ?? 'GET',
    headers: { ...CSRF, cookie, 'accept-encoding': call.encoding ?? 'identity' },
    body: call.body,
  })
  const body = await res.text()
  const headers = Object.fromEntries(
    ['content-type', 'content-encoding', 'etag', 'x-trace-id', 'cache-control', 'content-security-policy'].map(
      (name) => [name, res.headers.get(name)],
    ),
  )
  // Trace ids of the console's own errors are fresh per answer.
  return { status: res.status, headers, body: body.replace(/"trace_id":"[^"]+"/, '"trace_id":"…"') }
}

describe('the embedded cloud in-process and over HTTP', () => {
  it('gives the same status, headers and body for every kind of answer', async () => {
    const inProcessCookie = await signIn(inProcess.base, { demo: true })
    const sinkCookie = await signIn(sink.base, { demo: true })
    const loopbackCookie = await signIn(loopback.base, { demo: true })
    for (const call of calls) {
      const viaFetch = await answer(inProcess, inProcessCookie, call)
      const viaSink = await answer(sink, sinkCookie, call)
      const viaHttp = await answer(loopback, loopbackCookie, call)
      expect(viaFetch, `${call.method ?? 'GET'} ${call.path} ${call.encoding ?? ''}`).toEqual(viaHttp)
      expect(viaSink, `${call.method ?? 'GET'} ${call.path} ${call.encoding ?? ''} (sink)`).toEqual(viaHttp)
    }
    expect(inProcessCalls).toBeGreaterThanOrEqual(calls.length)
    expect(sinkCalls).toBeGreaterThanOrEqual(calls.length)
    // At least: the activity log reads a deleted v2 resource's organization the same way, after the answer.
    expect(loopbackCalls).toBeGreaterThanOrEqual(calls.length)
  })
  it('serves /local/ through the same entry point', async () => {
    const before = inProcessCalls
    const res = await fetch(`${inProcess.base}/local/region/api/v2/networks`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(await res.json()).toHaveLength(50)
    expect(inProcessCalls).toBe(before + 1)
  })
  it('serves /local/ straight from the sink, with the security headers', async () => {
    const before = sinkCalls
    const res = await fetch(`${sink.base}/local/region/api/v2/networks`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('etag')).toBe('"list-1"')
    expect(await res.json()).toHaveLength(50)
    expect(sinkCalls).toBe(before + 1)
  })
  it('answers 504 when the in-process cloud does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const stuck = await startConsoleServer(
      { UPSTREAM_TIMEOUT_MS: '200' },
      {
        localCloud: {
          tokens: { admin: 'demo' },
          handle: () => {
            throw new Error('the in-process path must not take the Node handler')
          },
          fetch: async (request) => cloud.fetch(request),
          respond: () => new Promise(() => undefined),
        },
      },
    )
    try {
      const cookie = await signIn(stuck.base, { demo: true })
      const res = await fetch(`${stuck.base}/api/region/api/v2/networks`, { headers: { ...CSRF, cookie } })
      expect(res.status).toBe(504)
      expect(await res.json()).toMatchObject({ error: 'upstream_timeout' })
    } finally {
      await stuck.close()
    }
  })
})
