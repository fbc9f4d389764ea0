// Issue 13's console-server defects, each as an attacker or a misbehaving upstream would meet it.
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { Agent, createServer, type Server } from 'node:http'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticHandler } from './static.ts'
import { CSRF, listen, rawRequest, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

const GOOD = 'good-token'
let seen: string[] = []
let upstream: Server
let upstreamUrl = ''
let trickle: TcpServer
let trickleUrl = ''
let trickleBody: TcpServer
let trickleBodyUrl = ''
let consoleServer: RunningConsole

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.url!)
    if (req.headers.authorization !== `Bearer ${GOOD}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"access_denied"}')
      return
    }
    if (req.url === '/region/big') {
      // Refuses a large body from its headers alone, without reading it, and closes, as many gateways do.
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' })
      res.end('{"error":"request_entity_too_large","error_description":"Body over 1 MiB."}')
      return
    }
    if (req.url === '/region/hostile') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-security-policy': "default-src * 'unsafe-inline'",
        'x-frame-options': 'ALLOWALL',
        refresh: '0; url=https://evil.example',
        location: 'https://evil.example',
        'set-cookie': 'cc_session=stolen',
        etag: '"v1"',
        'retry-after': '5',
        'x-trace-id': 'trace-1',
      })
      res.end('{"ok":true}')
      return
    }
    if (req.url === '/region/html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.cookie)</script>')
      return
    }
    if (req.url === '/region/empty-chunked') {
      // An accepted delete: 202, no type, no length, its empty body sent chunked (headers flushed before the end).
      req.resume()
      res.writeHead(202)
      res.flushHeaders()
      res.end()
      return
    }
    if (req.url === '/region/html404') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 page not found</html>')
      return
    }
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  upstreamUrl = await listen(upstream)
  // Sends a status line, then one header line every 100 ms, forever: an idle timeout never fires.
  trickle = createTcpServer((socket) => {
    socket.on('error', () => undefined)
    socket.write('HTTP/1.1 200 OK\r\n')
    const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 100)
    socket.on('close', () => clearInterval(timer))
  })
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve))
  const address = trickle.address()
  trickleUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  // Sends whole headers, then one byte of a JSON body every 100 ms, forever.
  trickleBody = createTcpServer((socket) => {
    socket.on('error', () => undefined)
    socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n[\r\n')
    const timer = setInterval(() => socket.write('1\r\n \r\n'), 100)
    socket.on('close', () => clearInterval(timer))
  })
  await new Promise<void>((resolve) => trickleBody.listen(0, '127.0.0.1', resolve))
  const bodyAddress = trickleBody.address()
  trickleBodyUrl = `http://127.0.0.1:${typeof bodyAddress === 'object' && bodyAddress ? bodyAddress.port : 0}`

  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cloud Console</title>')
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)\n//# sourceMappingURL=app-abc123.js.map')
  writeFileSync(join(dist, 'assets', 'app-abc123.js.map'), '{"sources":["src/secret.ts"]}')
  consoleServer = await startConsoleServer(
    {
      REGION_URL: `${upstreamUrl}/region`,
      IDENTITY_URL: upstreamUrl,
      AIPROXY_URL: trickleBodyUrl,
      INFERENCE_URL: trickleUrl,
      UPSTREAM_TIMEOUT_MS: '300',
      MAX_SESSIONS: '50',
    },
    { spa: createStaticHandler(dist) },
  )
})

afterAll(async () => {
  await consoleServer.close()
  upstream.closeAllConnections()
  upstream.close()
  trickle.close()
  trickleBody.close()
})

describe('hosts and origins (DNS rebinding)', () => {
  it('answers 421 to a Host that is neither PUBLIC_URL nor loopback on its port', async () => {
    const rebound = await rawRequest(consoleServer.base, {
      path: '/console/config',
      headers: { host: `attacker.example:${consoleServer.port}` },
    })
    expect(rebound.status).toBe(421)
    const signInFromRebound = await rawRequest(consoleServer.base, {
      method: 'POST',
      path: '/console/session',
      headers: {
        ...CSRF,
        host: `attacker.example:${consoleServer.port}`,
        origin: `http://attacker.example:${consoleServer.port}`,
      },
      body: JSON.stringify({ token: GOOD }),
    })
    expect(signInFromRebound.status).toBe(421)
    const local = await rawRequest(consoleServer.base, {
      path: '/console/health',
      headers: { host: `localhost:${consoleServer.port}` },
    })
    expect(local.status).toBe(200)
  })
  it('checks Origin against the configured origins, not one built from the Host header', async () => {
    const res = await rawRequest(consoleServer.base, {
      method: 'POST',
      path: '/console/session',
      headers: { ...CSRF, host: `127.0.0.1:${consoleServer.port}`, origin: `https://127.0.0.1:${consoleServer.port}` },
      body: JSON.stringify({ token: GOOD }),
    })
    expect(res.status).toBe(403)
  })
  it('accepts the PUBLIC_URL host and sends HSTS when PUBLIC_URL is https', async () => {
    const secure = await startConsoleServer({ PUBLIC_URL: 'https://console.example.com', REGION_URL: upstreamUrl })
    try {
      const res = await rawRequest(secure.base, { path: '/console/health', headers: { host: 'console.example.com' } })
      expect(res.status).toBe(200)
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
      const plain = await rawRequest(consoleServer.base, { path: '/console/health' })
      expect(plain.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await secure.close()
    }
  })
})

describe('the proxy owns its headers', () => {
  it("keeps the console's security headers and passes only allow-listed upstream headers", async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const res = await fetch(`${consoleServer.base}/api/region/hostile`, { headers: { cookie }, redirect: 'manual' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(res.headers.get('content-security-policy')).not.toContain('*')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('refresh')).toBeNull()
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('etag')).toBe('"v1"')
    expect(res.headers.get('retry-after')).toBe('5')
    expect(res.headers.get('x-trace-id')).toBe('trace-1')
  })
  it('never serves an upstream HTML answer on the console origin', async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const html = await fetch(`${consoleServer.base}/api/region/html`, { headers: { cookie } })
    expect(html.status).toBe(502)
    expect(html.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await html.text()).not.toContain('<script>')
    const missing = await fetch(`${consoleServer.base}/api/region/html404`, { headers: { cookie } })
    expect(missing.status).toBe(404)
    expect((await missing.json()).error_description).toMatch(/text\/html/)
  })
})

describe('an empty answer', () => {
  it('is empty whatever its framing: a 202 sent chunked without a type passes as 202', async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const res = await fetch(`${consoleServer.base}/api/region/empty-chunked`, {
      method: 'DELETE',
      headers: { ...CSRF, cookie },
    })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('')
  })
})

describe('the proxy under a misbehaving upstream', () => {
  it('passes an upstream 413 through, and the next request is served, not reset', async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const big = await rawRequest(consoleServer.base, {
        method: 'POST',
        path: '/api/region/big',
        headers: { ...CSRF, cookie },
        body: Buffer.alloc(4 * 1024 * 1024, 'a'),
        agent,
      })
      expect(big.status).toBe(413)
      const next = await rawRequest(consoleServer.base, { path: '/api/region/ok', headers: { cookie }, agent })
      expect(next.status).toBe(200)
      // Answered before the body had all arrived, the 413 closes its connection (connections.ts); else it is reused.
      if (big.headers.connection !== 'close') expect(next.localPort).toBe(big.localPort)
    } finally {
      agent.destroy()
    }
  })
  it('holds UPSTREAM_TIMEOUT_MS as a deadline for the whole request, not an idle timeout', async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const started = Date.now()
    const res = await fetch(`${consoleServer.base}/api/inference/v1/models`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5_000),
    })
    expect(res.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
  it('ends an answer whose body trickles past UPSTREAM_TIMEOUT_MS', async () => {
    const cookie = await signIn(consoleServer.base, { token: GOOD })
    const started = Date.now()
    const outcome = await fetch(`${consoleServer.base}/api/aiproxy/organizations/o/endpoints`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5_000),
    }).then(
      async (res) => `${res.status} ${await res.text().catch(() => 'cut')}`,
      (error: Error) => error.name,
    )
    expect(outcome).not.toBe('TimeoutError')
    expect(outcome).toMatch(/^(504|200 cut)/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
  it.each(['/api/region/../../secret', '/api/region/%2e%2e/%2E%2e/secret', '/api/region/x/..%2f..%2fsecret'])(
    'refuses %s rather than leave the service base path',
    async (path) => {
      const cookie = await signIn(consoleServer.base, { token: GOOD })
      seen = []
      const res = await rawRequest(consoleServer.base, { path, headers: { cookie } })
      expect(res.status).toBe(400)
      expect(seen.filter((url) => !url.startsWith('/api/v1/organizations'))).toEqual([])
    },
  )
})

describe('sign-in', () => {
  it('refuses a token the identity API did not answer with success (431 for an oversized one)', async () => {
    const res = await fetch(`${consoleServer.base}/console/session`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ token: 'x'.repeat(20_000) }),
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('set-cookie')).toBeNull()
  })
  it('names the cookie __Host- when it is Secure', async () => {
    const secure = await startConsoleServer({
      COOKIE_SECURE: 'true',
      REGION_URL: upstreamUrl,
      IDENTITY_URL: upstreamUrl,
    })
    try {
      const res = await fetch(`${secure.base}/console/session`, {
        method: 'POST',
        headers: CSRF,
        body: JSON.stringify({ token: GOOD }),
      })
      const cookie = res.headers.get('set-cookie')!
      expect(cookie).toMatch(/^__Host-\w+=/)
      expect(cookie).toMatch(/; Secure/)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).not.toMatch(/Domain=/i)
      const session = await fetch(`${secure.base}/console/session`, { headers: { cookie: cookie.split(';')[0]! } })
      expect(session.status).toBe(200)
    } finally {
      await secure.close()
    }
  })
  it('keeps MAX_SESSIONS at the cap by ending the oldest session, not by refusing the sign-in', async () => {
    const capped = await startConsoleServer({ MAX_SESSIONS: '2', REGION_URL: upstreamUrl, IDENTITY_URL: upstreamUrl })
    try {
      const cookies = [
        await signIn(capped.base, { token: GOOD }),
        await signIn(capped.base, { token: GOOD }),
        await signIn(capped.base, { token: GOOD }),
      ]
      const live = await Promise.all(
        cookies.map(
          async (cookie) =>
            (await (await fetch(`${capped.base}/console/session`, { headers: { cookie } })).json()) !== null,
        ),
      )
      expect(live).toEqual([false, true, true])
    } finally {
      await capped.close()
    }
  })
})

describe('static files', () => {
  it('keeps source maps private unless SERVE_SOURCE_MAPS is set', async () => {
    expect((await fetch(`${consoleServer.base}/assets/app-abc123.js.map`)).status).toBe(404)
    expect((await fetch(`${consoleServer.base}/assets/app-abc123.js`)).status).toBe(200)
  })
})
