// A write whose connection to the platform breaks after it was sent may have been carried out: the 502 says so, where
// a service that could not be reached at all is said as before.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF, listen, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

let upstream: Server
let running: RunningConsole

beforeAll(async () => {
  // Accepts every token; a POST is read whole (as if carried out), then its connection is cut before any answer.
  upstream = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    req.resume()
    req.on('end', () => req.socket.destroy())
  })
  const url = await listen(upstream)
  running = await startConsoleServer({ REGION_URL: url, IDENTITY_URL: url, COMPUTE_URL: 'http://127.0.0.1:9' })
})
afterAll(async () => {
  await running.close()
  upstream.closeAllConnections()
  upstream.close()
})

describe('a write whose answer was lost', () => {
  it('answers 502 saying the request may have been carried out', async () => {
    const cookie = await signIn(running.base, { token: 'good' })
    const res = await fetch(`${running.base}/api/region/api/v2/networks`, {
      method: 'POST',
      headers: { ...CSRF, cookie },
      body: JSON.stringify({ metadata: { name: 'web' } }),
    })
    expect(res.status).toBe(502)
    const body = (await res.json()) as { error: string; error_description: string }
    expect(body.error).toBe('upstream_answer_lost')
    expect(body.error_description).toMatch(/may have been carried out/)
  })

  it('still says a service that refused the connection could not be reached', async () => {
    const cookie = await signIn(running.base, { token: 'good' })
    const res = await fetch(`${running.base}/api/compute/api/v2/instances`, {
      method: 'POST',
      headers: { ...CSRF, cookie },
      body: '{}',
    })
    expect(res.status).toBe(502)
    expect((await res.json()).error_description).toMatch(/could not be reached \(ECONNREFUSED\)/)
  })
})
