import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Writable } from 'node:stream'
import { createLogger } from './log.ts'
import { CSRF, startConsoleServer, type RunningConsole } from './test-support.ts'

describe('request log', () => {
  const lines: string[] = []
  const upstreamIds: (string | undefined)[] = []
  let running: RunningConsole
  const token = 'tok-0123456789abcdef-secret'
  // A stand-in for the embedded cloud that accepts every token and remembers the request id it was sent.
  const localCloud = {
    tokens: { admin: 'demo-admin-token-secret' },
    async fetch(request: Request) {
      upstreamIds.push(request.headers.get('x-request-id') ?? undefined)
      if (request.url.includes('/projects'))
        return Response.json({ error: 'not_found', trace_id: 'tr-1' }, { status: 404 })
      return Response.json([])
    },
  }
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean))
        done()
      },
    })
    running = await startConsoleServer(
      { REGION_URL: 'http://127.0.0.1:9' },
      { localCloud, logger: createLogger('info', sink) },
    )
  })
  afterAll(() => running.close())

  const lineFor = async (id: string) => {
    for (let i = 0; i < 50 && !lines.some((l) => l.includes(id)); i++) await new Promise((r) => setTimeout(r, 10))
    return JSON.parse(lines.find((l) => l.includes(id))!) as Record<string, unknown>
  }

  it('writes one JSON line per request with id, route pattern, status, duration and the upstream answer', async () => {
    const signIn = await fetch(`${running.base}/console/session`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ token }),
    })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const id = '3f2a9c1e-0000-4000-8000-000000000001'
    const res = await fetch(`${running.base}/api/identity/api/v1/organizations/${id}/projects?page_token=abc`, {
      headers: { cookie, authorization: 'Bearer browser-sent-secret' },
    })
    expect(res.status).toBe(404)
    const requestId = res.headers.get('x-request-id')!
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    // The same id went upstream, so the operator can follow one request across both logs.
    expect(upstreamIds.at(-1)).toBe(requestId)
    const line = await lineFor(requestId)
    expect(line).toMatchObject({
      reqId: requestId,
      method: 'GET',
      route: '/api/identity/api/v1/organizations/:id/projects',
      status: 404,
      upstream: 'identity',
      upstreamStatus: 404,
    })
    expect(typeof line.ms).toBe('number')

    const all = lines.join('\n')
    for (const secret of [token, cookie.split('=')[1]!, 'browser-sent-secret', 'page_token', id])
      expect(all).not.toContain(secret)
  })

  it('logs a demo sign-in and a probe without the token or cookie', async () => {
    const res = await fetch(`${running.base}/console/session`, { method: 'POST', headers: CSRF, body: '{"demo":true}' })
    expect(res.status).toBe(201)
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!
    await lineFor(res.headers.get('x-request-id')!)
    expect(lines.join('\n')).not.toContain(cookie)
    expect(lines.join('\n')).not.toContain('demo-admin-token-secret')
  })
})

describe('the censoring of a log line', () => {
  it('hides a token, cookie or authorization at any depth, in an error too, and leaves the rest as it was', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const logger = createLogger('info', sink)
    const at = new Date(0)
    logger.info(
      {
        token: 'secret-top',
        nested: { cookie: 'secret-nested', deeper: [{ authorization: 'secret-in-list' }] },
        err: Object.assign(new Error('boom'), { token: 'secret-in-error' }),
        kept: { route: '/a', at },
      },
      'line',
    )
    const line = JSON.parse(lines.join('')) as Record<string, unknown>
    expect(lines.join('')).not.toMatch(/secret-/)
    expect(line).toMatchObject({ token: '[redacted]', nested: { cookie: '[redacted]' }, kept: { route: '/a', at: {} } })
    expect((line.err as { message: string }).message).toBe('boom')
  })
})
