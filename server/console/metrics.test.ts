import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config.ts'
import { rawRequest, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { ConsoleMetrics } from './metrics.ts'
import { ACME_ORG_ID } from '../local-cloud/catalog/ids.ts'

const ORGANIZATION = '3f2a9c1e-0000-4000-8000-000000000001'

/** A console whose identity API is a stand-in that takes any token, and whose regional API cannot be reached. */
function consoleWith(env: NodeJS.ProcessEnv) {
  const state = { running: undefined as unknown as RunningConsole }
  const localCloud = {
    tokens: { admin: 'demo-admin-token-secret' },
    fetch: async () => Response.json([]),
  }
  beforeAll(async () => {
    state.running = await startConsoleServer({ REGION_URL: 'http://127.0.0.1:9', ...env }, { localCloud })
  })
  afterAll(() => state.running.close())
  return state
}

describe('GET /metrics', () => {
  const state = consoleWith({})

  it('counts requests by route pattern, status class and upstream, sign-ins and upstream failures, with no ids or tokens', async () => {
    const { base } = state.running
    const cookie = await signIn(base, { demo: true })
    const listed = await fetch(`${base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`, {
      headers: { cookie },
    })
    expect(listed.status).toBe(200)
    const unreachable = await fetch(`${base}/api/region/api/v2/networks`, { headers: { cookie } })
    expect(unreachable.status).toBe(502)

    const res = await fetch(`${base}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    // A request is counted once its answer has gone out, which the client may see a moment before.
    const scrape = async () => (await fetch(`${base}/metrics`)).text()
    await expect
      .poll(scrape)
      .toMatch(
        /console_http_request_duration_seconds_count\{method="GET",route="\/api\/identity\/api\/v1\/organizations\/:id\/projects",status_class="2xx",upstream="identity"\} 1\n/,
      )
    const text = await scrape()
    expect(text).toMatch(
      /console_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/region\/api\/v2\/networks",status_class="5xx",upstream="region"\}/,
    )
    expect(text).toContain('console_upstream_failures_total{upstream="region",kind="unreachable"} 1')
    expect(text).toContain('console_sessions_started_total{kind="demo"} 1')
    for (const secret of [ORGANIZATION, cookie.split('=')[1]!, 'demo-admin-token-secret'])
      expect(text).not.toContain(secret)
  })

  it('labels only declared routes: invented paths count as one "unmatched", and no organization id is a label', async () => {
    const { base } = state.running
    const cookie = await signIn(base, { demo: true })
    const letters = (i: number) => i.toString(36).padStart(8, 'q')
    for (let i = 0; i < 320; i++) {
      const invented = i % 2 ? `/console/${letters(i)}` : `/api/region/${letters(i)}/x`
      expect((await fetch(`${base}${invented}`, { headers: { cookie } })).status).toBeGreaterThanOrEqual(400)
    }
    // A real route after them, in an organization whose id reads as a word.
    const networks = await fetch(`${base}/api/region/api/v2/networks/0b5e8b9a-1c2d`, { headers: { cookie } })
    expect(networks.status).toBe(502)
    const projects = await fetch(`${base}/api/identity/api/v1/organizations/${ACME_ORG_ID}/projects`, {
      headers: { cookie },
    })
    expect(projects.status).toBe(200)

    const scrape = async () => (await fetch(`${base}/metrics`)).text()
    await expect.poll(scrape).toContain('route="/api/identity/api/v1/organizations/:id/projects",status_class="2xx"')
    const text = await scrape()
    expect(text).toContain('route="/api/region/api/v2/networks/:id",status_class="5xx"')
    expect(text).toMatch(/_count\{method="GET",route="unmatched",status_class="4xx",upstream="none"\} 160\n/)
    expect(text).not.toContain(ACME_ORG_ID)
    expect(text).not.toContain(letters(3))
    expect(text).not.toContain('route="other"')
  })

  it('is refused through a proxy the console does not trust, since the proxy may be in front of anyone', async () => {
    const res = await fetch(`${state.running.base}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
    expect(res.status).toBe(403)
    expect((await res.json()).error_description).toContain('METRICS_ALLOW')
  })
})

describe('GET /metrics with METRICS_ALLOW and a trusted proxy', () => {
  const state = consoleWith({ METRICS_ALLOW: '10.0.0.0/8, 127.0.0.1', TRUST_PROXY: 'true' })

  it('answers the clients the list allows, judged by the address the proxy names', async () => {
    const { base } = state.running
    expect((await rawRequest(base, { path: '/metrics' })).status).toBe(200)
    const allowed = await rawRequest(base, { path: '/metrics', headers: { 'x-forwarded-for': '10.1.2.3' } })
    expect(allowed.status).toBe(200)
    const outside = await rawRequest(base, {
      path: '/metrics',
      headers: { 'x-forwarded-for': '10.1.2.3, 203.0.113.5' },
    })
    expect(outside.status).toBe(403)
  })

  it('refuses a listening address the list leaves out', async () => {
    const running = await startConsoleServer({ METRICS_ALLOW: '10.0.0.0/8' })
    try {
      expect((await fetch(`${running.base}/metrics`)).status).toBe(403)
    } finally {
      await running.close()
    }
  })
})

describe('METRICS_ALLOW', () => {
  it('defaults to loopback and refuses what is not an address or a range', () => {
    expect(readConfig({}).metricsAllow).toEqual(['127.0.0.0/8', '::1'])
    expect(() => readConfig({ METRICS_ALLOW: 'localhost' })).toThrow(/METRICS_ALLOW must list IP addresses/)
    expect(() => readConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/)
  })
})

describe('metrics before the first scrape', () => {
  it('counts every request answered before prom-client loads, past the 10,000 it keeps waiting', async () => {
    const metrics = new ConsoleMetrics()
    const facts = { method: 'GET', route: '/console/health', status: 200 }
    for (let i = 0; i < 10_001; i++) metrics.request(facts, 0.001)
    const { body } = await metrics.scrape()
    expect(body).toMatch(/console_http_request_duration_seconds_count\{[^}]*route="\/console\/health"[^}]*\} 10001\n/)
  })
})

describe('what decides when to add a replica', () => {
  it('shows requests in flight, the wait on the platform, compression time and the event loop’s delay', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // A list long enough to be compressed, from an identity API that holds the first request until released.
    const list = Array.from({ length: 40 }, (_, i) => ({ metadata: { id: `project-${i}`, name: `Project ${i}` } }))
    let calls = 0
    const localCloud = {
      tokens: { admin: 'demo-admin-token-secret' },
      fetch: async () => {
        if (calls++ === 1) {
          // A platform that takes a quarter of a second at least: more than a loaded machine's loop is ever late.
          const began = performance.now()
          await held
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 250 - (performance.now() - began))))
        }
        return Response.json(list)
      },
    }
    const metrics = new ConsoleMetrics({ process: true })
    const running = await startConsoleServer({}, { localCloud, metrics })
    try {
      const cookie = await signIn(running.base, { demo: true })
      const scrape = async () => (await fetch(`${running.base}/metrics`)).text()
      const projects = `${running.base}/api/identity/api/v1/organizations/${ORGANIZATION}/projects`
      const waiting = fetch(projects, { headers: { cookie, 'accept-encoding': 'gzip' } })
      // The scrape and the held request.
      await expect.poll(scrape, { timeout: 10_000 }).toContain('console_http_requests_in_flight 2\n')
      release()
      expect((await waiting).status).toBe(200)
      await expect.poll(scrape, { timeout: 10_000 }).toContain('console_http_requests_in_flight 1\n')
      const text = await scrape()
      // The sign-in's identity check and the list: the held one waited in the upstream, not in the console.
      expect(text).toMatch(/console_upstream_wait_seconds_count\{upstream="identity"\} 2\n/)
      expect(text).not.toMatch(/console_upstream_wait_seconds_bucket\{le="0.001",upstream="identity"\} 2\n/)
      expect(text).toMatch(/console_compression_seconds_count\{encoding="gzip"\} 1\n/)
      expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/)
    } finally {
      await running.close()
    }
  })
})
