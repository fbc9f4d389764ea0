// A client's mistake is answered as one (4xx, logged as an ordinary request), never as an outage of the platform.
import { createServer, type Server } from 'node:http'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from './log.ts'
import { CSRF, listen, rawRequest, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

const lines: Record<string, unknown>[] = []
let upstream: Server
let running: RunningConsole

beforeAll(async () => {
  // A stand-in platform that accepts every token and every method.
  upstream = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
  })
  const url = await listen(upstream)
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  running = await startConsoleServer({ REGION_URL: url, IDENTITY_URL: url }, { logger: createLogger('info', sink) })
})
afterAll(async () => {
  await running.close()
  upstream.closeAllConnections()
  upstream.close()
})

/** The request log's line for an answer, by its request id; pino writes it once the answer is sent. */
async function logLine(id: unknown): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100 && !lines.some((line) => line.reqId === id); i++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  return lines.find((line) => line.reqId === id)!
}

const INFO = 30

describe('mistakes a client makes', () => {
  it('answers 405 with Allow to a method the proxy does not pass, logged as an ordinary request', async () => {
    const cookie = await signIn(running.base, { token: 'good' })
    // Sent raw: Node's fetch refuses to send TRACE at all, a scanner does not.
    const res = await rawRequest(running.base, {
      method: 'TRACE',
      path: '/api/region/api/v2/networks',
      headers: { cookie, 'x-requested-with': 'cloud-console' },
    })
    expect(res.status).toBe(405)
    expect(res.headers.allow).toMatch(/GET/)
    expect(JSON.parse(res.body).error_description).toContain('TRACE')
    expect(await logLine(res.headers['x-request-id'])).toMatchObject({ status: 405, level: INFO })
  })

  it('answers 400 at sign-in to a pasted token with a character no header can carry', async () => {
    const res = await fetch(`${running.base}/console/session`, {
      method: 'POST',
      headers: CSRF,
      body: JSON.stringify({ token: 'eyJhbGciOi€JSUzI1NiJ9' }),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error_description).toContain('€')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await logLine(res.headers.get('x-request-id'))).toMatchObject({ status: 400, level: INFO })
  })
})
