import { createServer } from 'node:http'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, silentLogger } from './log.ts'
import { listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'
import { parseTraceparent } from './trace-context.ts'
import { openTracer } from './tracing.ts'

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const CALLER = `00-${CALLER_TRACE}-00f067aa0ba902b7-01`

/** A console in front of a stand-in cloud that answers 409 and remembers each traceparent it was sent. */
function tracedConsole(env: NodeJS.ProcessEnv) {
  const sent: (string | undefined)[] = []
  const lines: Record<string, unknown>[] = []
  const localCloud = {
    tokens: { admin: 'demo-admin-token' },
    async fetch(request: Request) {
      sent.push(request.headers.get('traceparent') ?? undefined)
      if (request.method === 'GET') return Response.json([])
      return Response.json({ error: 'conflict', trace_id: 'platform-own' }, { status: 409 })
    },
  }
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const state = { sent, lines, running: undefined as unknown as RunningConsole, cookie: '' }
  beforeAll(async () => {
    state.running = await startConsoleServer(
      { REGION_URL: 'http://127.0.0.1:9', ...env },
      { localCloud, logger: createLogger('info', sink) },
    )
    state.cookie = await signIn(state.running.base, { demo: true })
  })
  afterAll(() => state.running.close())
  return state
}

const traceIdOf = (res: Response) => parseTraceparent(res.headers.get('traceresponse') ?? undefined)?.traceId

describe('trace context without a trusted proxy', () => {
  const state = tracedConsole({})

  it("starts a new trace for a caller's traceparent, sends it upstream and logs it", async () => {
    const res = await fetch(`${state.running.base}/api/identity/api/v1/organizations`, {
      method: 'POST',
      headers: { cookie: state.cookie, traceparent: CALLER, 'x-requested-with': 'cloud-console' },
      body: '{}',
    })
    expect(res.status).toBe(409)
    const traceId = traceIdOf(res)!
    expect(traceId).toMatch(/^[\da-f]{32}$/)
    expect(traceId).not.toBe(CALLER_TRACE)
    expect(parseTraceparent(state.sent.at(-1))?.traceId).toBe(traceId)
    await expect
      .poll(() => state.lines.find((line) => line.traceId === traceId && line.msg === 'request'))
      .toMatchObject({ status: 409 })
  })
})

describe('trace context behind a trusted proxy (TRUST_PROXY)', () => {
  const state = tracedConsole({ TRUST_PROXY: 'true' })

  it("continues the proxy's trace as a child span", async () => {
    const res = await fetch(`${state.running.base}/api/identity/api/v1/organizations`, {
      headers: { cookie: state.cookie, traceparent: CALLER },
    })
    expect(traceIdOf(res)).toBe(CALLER_TRACE)
    const upstream = parseTraceparent(state.sent.at(-1))!
    expect(upstream.traceId).toBe(CALLER_TRACE)
    // The console's own span is the upstream call's parent, not the proxy's.
    expect(upstream.spanId).not.toBe('00f067aa0ba902b7')
    expect(upstream.flags).toBe('01')
  })

  it('starts a new trace for a malformed traceparent', async () => {
    for (const header of [
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `00-${CALLER_TRACE}-00f067aa0ba902b7-01-x`,
      'junk',
    ]) {
      const res = await fetch(`${state.running.base}/console/health`, { headers: { traceparent: header } })
      expect(traceIdOf(res)).toMatch(/^(?!0+$)[\da-f]{32}$/)
      expect(traceIdOf(res)).not.toBe(CALLER_TRACE)
    }
  })
})

describe('OTLP export (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('exports a span per request, named by its route pattern, to the collector', async () => {
    const posts: { path: string; body: string }[] = []
    const collector = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        posts.push({ path: req.url ?? '', body })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    const endpoint = await listen(collector)
    try {
      const tracer = await openTracer({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, silentLogger)
      const span = tracer.start(CALLER, true)
      expect(span.traceId).toBe(CALLER_TRACE)
      span.end({ method: 'GET', route: '/api/region/api/v1/networks/:id', status: 200, upstream: 'region' })
      await tracer.shutdown()
      expect(posts.map((post) => post.path)).toEqual(['/v1/traces'])
      expect(posts[0]!.body).toContain('GET /api/region/api/v1/networks/:id')
    } finally {
      collector.closeAllConnections()
      await new Promise((resolve) => collector.close(resolve))
    }
  })
})
