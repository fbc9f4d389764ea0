import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConsoleApp } from '../app.ts'
import { readConfig } from '../config.ts'
import { createStaticHandler } from './static.ts'

// A real upstream that records what reached it and answers like the platform would.
interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
let seen: Seen[] = []
let upstream: Server
let upstreamUrl = ''
let consoleServer: Server
let base = ''
const GOOD_TOKEN = 'good-token'

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
    }),
  )
}

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() })
    if (req.headers.authorization !== `Bearer ${GOOD_TOKEN}`) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'set-cookie': 'upstream=1' })
        .end('{"error":"access_denied","error_description":"bad token"}')
      return
    }
    if (req.url?.startsWith('/slow')) return // never answers: the console must time out
    res.writeHead(req.method === 'POST' ? 201 : 200, {
      'content-type': 'application/json',
      'set-cookie': 'upstream=1',
      'x-trace': 'abc',
    })
    res.end(JSON.stringify({ echoed: true }))
  })
  upstreamUrl = await listen(upstream)
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cloud Console</title>')
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")'.repeat(200))
  const config = readConfig({
    PORT: '0',
    REGION_URL: `${upstreamUrl}/region`,
    IDENTITY_URL: upstreamUrl,
    AIPROXY_URL: 'http://127.0.0.1:9', // nothing listens on the discard port
    INFERENCE_URL: `${upstreamUrl}/slow`,
    UPSTREAM_TIMEOUT_MS: '300',
  })
  const app = createConsoleApp({ config, spa: createStaticHandler(dist) })
  consoleServer = createServer(app.handle)
  base = await listen(consoleServer)
})

afterAll(() => {
  upstream.close()
  consoleServer.close()
})

const csrf = { 'x-requested-with': 'cloud-console', 'content-type': 'application/json' }

async function signIn(token = GOOD_TOKEN): Promise<string> {
  const res = await fetch(`${base}/console/session`, { method: 'POST', headers: csrf, body: JSON.stringify({ token }) })
  expect(res.status).toBe(201)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

describe('sign-in', () => {
  it('sets an httpOnly, SameSite=Strict session cookie and never returns the token', async () => {
    const res = await fetch(`${base}/console/session`, {
      method: 'POST',
      headers: csrf,
      body: JSON.stringify({ token: GOOD_TOKEN }),
    })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(await res.text()).not.toContain(GOOD_TOKEN)
  })
  it('refuses a token the identity API rejects, with a clear message', async () => {
    const res = await fetch(`${base}/console/session`, {
      method: 'POST',
      headers: csrf,
      body: JSON.stringify({ token: 'wrong' }),
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error_description).toMatch(/did not accept this token/)
  })
  it('offers no demo sign-in when every service is a real endpoint', async () => {
    const res = await fetch(`${base}/console/session`, {
      method: 'POST',
      headers: csrf,
      body: JSON.stringify({ demo: true }),
    })
    expect(res.status).toBe(400)
  })
  it('ends the session on sign-out', async () => {
    const cookie = await signIn()
    expect((await fetch(`${base}/console/session`, { headers: { cookie } })).status).toBe(200)
    const out = await fetch(`${base}/console/session`, { method: 'DELETE', headers: { ...csrf, cookie } })
    // The working scope's cookie (organization, project and region ids) goes with it.
    expect(out.headers.getSetCookie().some((c) => /^cc_scope=;.*Max-Age=0/.test(c))).toBe(true)
    const after = await fetch(`${base}/console/session`, { headers: { cookie } })
    // Signed out reads as no session (200, null), so the SPA's first check logs no 401 in the browser.
    expect([after.status, await after.json()]).toEqual([200, null])
    expect((await fetch(`${base}/api/region/api/v2/networks`, { headers: { cookie } })).status).toBe(401)
  })
})

describe('proxy', () => {
  it('passes method, path, query, body and status through, adding the bearer token and dropping cookies', async () => {
    const cookie = await signIn()
    seen = []
    const res = await fetch(`${base}/api/region/api/v2/networks?tag=env%3Dprod&tag=team%3Dml`, {
      method: 'POST',
      headers: { ...csrf, cookie },
      body: '{"metadata":{"name":"n1"}}',
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('x-trace')).toBe('abc')
    const request = seen[0]!
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/region/api/v2/networks?tag=env%3Dprod&tag=team%3Dml')
    expect(request.body).toBe('{"metadata":{"name":"n1"}}')
    expect(request.headers.authorization).toBe(`Bearer ${GOOD_TOKEN}`)
    expect(request.headers.cookie).toBeUndefined()
  })
  it('answers 401 without a session, so the browser shows the sign-in', async () => {
    const res = await fetch(`${base}/api/region/api/v2/networks`)
    expect(res.status).toBe(401)
    expect(res.headers.get('x-console-session')).toBe('ended')
    expect((await res.json()).error).toBe('access_denied')
  })
  it('turns an unreachable upstream into a 502 that names it', async () => {
    const cookie = await signIn()
    const res = await fetch(`${base}/api/aiproxy/organizations/o/endpoints`, { headers: { cookie } })
    expect(res.status).toBe(502)
    expect((await res.json()).error_description).toMatch(/could not be reached/)
  })
  it('turns a slow upstream into a 504', async () => {
    const cookie = await signIn()
    const res = await fetch(`${base}/api/inference/v1/embeddings`, {
      method: 'POST',
      headers: { ...csrf, cookie },
      body: '{}',
    })
    expect(res.status).toBe(504)
    expect((await res.json()).error_description).toMatch(/did not answer/)
  })
})

describe('security', () => {
  it('refuses state-changing requests without the console header or from another origin', async () => {
    const cookie = await signIn()
    const noHeader = await fetch(`${base}/api/region/api/v2/networks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(noHeader.status).toBe(403)
    const otherOrigin = await fetch(`${base}/api/region/api/v2/networks`, {
      method: 'POST',
      headers: { ...csrf, cookie, origin: 'https://evil.example' },
      body: '{}',
    })
    expect(otherOrigin.status).toBe(403)
  })
  it('sends a strict CSP and the other security headers on pages', async () => {
    const res = await fetch(`${base}/networks`)
    const csp = res.headers.get('content-security-policy')!
    // Its one inline script (the colour scheme's) by its hash, and no other.
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*' 'wasm-unsafe-eval';/)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })
})

describe('static files', () => {
  it('serves the SPA for client routes and hashed assets gzipped and immutable', async () => {
    const page = await fetch(`${base}/networks/some-id`)
    expect(await page.text()).toContain('Cloud Console')
    const asset = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } })
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(asset.headers.get('content-encoding')).toBe('gzip')
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404)
  })
})
