// A pooled connection to a service is not reused once the service may be closing it: the sign-in's token exchange
// with the embedded provider went out on a connection the provider's keep-alive deadline was closing, and was reset.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createConsoleHttpServer } from './connections.ts'
import { httpUpstream } from './upstream.ts'

const KEEP_ALIVE_MS = 2000
let server: ReturnType<typeof createConsoleHttpServer>
let base: string

beforeAll(async () => {
  server = createConsoleHttpServer(
    (req, res) => {
      req.resume().on('end', () => res.end('ok'))
    },
    {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: KEEP_ALIVE_MS,
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

it('a request made as the service closes an idle connection gets its answer', async () => {
  const upstream = httpUpstream()
  expect(await (await upstream(new Request(base))).text()).toBe('ok')
  // Node's server closes an idle connection a second after the deadline it advertises. The wait's timer and the
  // server's are made due in the same turn of the event loop (a busy stretch past both), the server's first: it
  // closes the connection, and the next request is written before the client has read that close.
  await new Promise((resolve) => {
    setTimeout(resolve, KEEP_ALIVE_MS + 1000)
    const until = Date.now() + KEEP_ALIVE_MS + 1100
    while (Date.now() < until) {
      // Busy, as a loaded event loop is: no timer runs until this ends.
    }
  })
  expect(await (await upstream(new Request(base))).text()).toBe('ok')
})
