// The embedded cloud is reached one way: in-process, a real Request in (with a signal that follows the browser and
// the deadline) and a Response out. Its answers must reach the browser as a service's over HTTP do.
import { createServer, type Server } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF, listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

// A stand-in for the local cloud: one Web handler, as the real one has.
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
let inProcess: RunningConsole
let overHttp: RunningConsole
let regionServer: Server

beforeAll(async () => {
  inProcess = await startConsoleServer(
    {},
    {
      localCloud: {
        tokens: { admin: 'demo' },
        fetch: async (request) => {
          // A real Request, not a look-alike: its body, signal and methods all work.
          expect(request).toBeInstanceOf(Request)
          inProcessCalls++
          return cloud.fetch(request)
        },
      },
    },
  )
  // The same cloud as a real service: the regional API over HTTP, identity still embedded (for the demo sign-in).
  regionServer = createServer(getRequestListener(cloud.fetch, { overrideGlobalObjects: false }))
  const regionBase = await listen(regionServer)
  overHttp = await startConsoleServer(
    { REGION_URL: `${regionBase}/local/region` },
    { localCloud: { tokens: { admin: 'demo' }, fetch: async (request) => cloud.fetch(request) } },
  )
})
afterAll(async () => {
  await inProcess.close()
  await overHttp.close()
  regionServer.closeAllConnections()
  await new Promise((resolve) => regionServer.close(resolve))
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
  // Trace ids of the console's own errors are fresh per answer; its messages name the service's origin.
  const same = body
    .replace(/"trace_id":"[^"]+"/, '"trace_id":"…"')
    .replace(/http:\/\/(127\.0\.0\.1|localhost):\d+/g, 'ORIGIN')
  return { status: res.status, headers, body: same }
}

/** A console whose embedded cloud holds every regional API call until its signal aborts, and says when it does. */
async function holdingConsole(env: NodeJS.ProcessEnv) {
  let received!: (signal: AbortSignal) => void
  const held = new Promise<AbortSignal>((resolve) => (received = resolve))
  const running = await startConsoleServer(env, {
    localCloud: {
      tokens: { admin: 'demo' },
      fetch: async (request) => {
        if (!request.url.includes('/local/region/')) return cloud.fetch(request)
        received(request.signal)
        return new Promise<Response>(() => undefined)
      },
    },
  })
  const aborted = held.then((signal) =>
    signal.aborted
      ? signal
      : new Promise<AbortSignal>((resolve) => signal.addEventListener('abort', () => resolve(signal))),
  )
  return { running, held, aborted }
}

describe('the embedded cloud in-process', () => {
  it('answers as the same cloud does over HTTP, for every kind of answer', async () => {
    const inProcessCookie = await signIn(inProcess.base, { demo: true })
    const httpCookie = await signIn(overHttp.base, { demo: true })
    const before = inProcessCalls
    for (const call of calls) {
      const viaFetch = await answer(inProcess, inProcessCookie, call)
      const viaHttp = await answer(overHttp, httpCookie, call)
      expect(viaFetch, `${call.method ?? 'GET'} ${call.path} ${call.encoding ?? ''}`).toEqual(viaHttp)
    }
    expect(inProcessCalls - before).toBeGreaterThanOrEqual(calls.length)
  })
  it('serves /local/ through the same entry point, with the security headers', async () => {
    const before = inProcessCalls
    const res = await fetch(`${inProcess.base}/local/region/api/v2/networks`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('etag')).toBe('"list-1"')
    expect(await res.json()).toHaveLength(50)
    expect(inProcessCalls).toBe(before + 1)
  })
  it('answers 504 when the cloud does not answer within UPSTREAM_TIMEOUT_MS, and aborts its request', async () => {
    const { running, aborted } = await holdingConsole({ UPSTREAM_TIMEOUT_MS: '200' })
    try {
      const cookie = await signIn(running.base, { demo: true })
      const res = await fetch(`${running.base}/api/region/api/v2/networks`, { headers: { ...CSRF, cookie } })
      expect(res.status).toBe(504)
      expect(await res.json()).toMatchObject({ error: 'upstream_timeout' })
      expect((await aborted).aborted).toBe(true)
    } finally {
      await running.close()
    }
  })
  it('aborts the request it handed the cloud when the browser goes away', async () => {
    const { running, held, aborted } = await holdingConsole({})
    try {
      const cookie = await signIn(running.base, { demo: true })
      const browser = new AbortController()
      const call = fetch(`${running.base}/api/region/api/v2/networks`, {
        method: 'POST',
        headers: { ...CSRF, cookie, 'content-type': 'application/json' },
        body: '{"metadata":{"name":"n"}}',
        signal: browser.signal,
      }).catch((error: unknown) => error)
      expect((await held).aborted).toBe(false)
      browser.abort()
      expect(await call).toMatchObject({ name: 'AbortError' })
      expect((await aborted).aborted).toBe(true)
    } finally {
      await running.close()
    }
  })
})
