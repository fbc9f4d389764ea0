import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { GzipBatches } from './compress.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, rawRequest, signIn, startConsoleServer, type RunningConsole } from './test-support.ts'

// A list the size of 200 networks, from an upstream that compresses only when asked to on /gzipped.
const list = JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({
    metadata: { id: `3f1c${i}-network`, name: `network-${i}`, creationTime: '2026-01-01T00:00:00Z', tags: [] },
    spec: { prefix: `10.${i % 255}.0.0/16`, dnsNameservers: ['8.8.8.8'] },
    status: { regionId: 'region-1' },
  })),
)
let seenHeaders: IncomingHttpHeaders = {}
let upstream: Server
let running: RunningConsole
let cookie = ''

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seenHeaders = req.headers
    if (req.url === '/api/v1/organizations')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    if (req.url === '/gzipped' && /gzip/.test(String(req.headers['accept-encoding']))) {
      const body = gzipSync(list)
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': body.length,
      })
      return void res.end(body)
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(list) }).end(list)
  })
  const url = await listen(upstream)
  running = await startConsoleServer({ REGION_URL: url, IDENTITY_URL: url })
  cookie = await signIn(running.base, { token: 'any' })
})
afterAll(async () => {
  await running.close()
  upstream.close()
})

describe('compressed answers', () => {
  it('sends a large JSON list with Brotli or gzip, as the browser accepts, and whole without', async () => {
    const plain = await rawRequest(running.base, { path: '/api/region/list', headers: { cookie } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.bytes.length).toBe(Buffer.byteLength(list))

    const br = await rawRequest(running.base, {
      path: '/api/region/list',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    expect(brotliDecompressSync(br.bytes).toString()).toBe(list)
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 5)

    const gzip = await rawRequest(running.base, {
      path: '/api/region/list',
      headers: { cookie, 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.bytes).toString()).toBe(list)
  })
  it("asks the upstream for the browser's encodings and passes its compressed answer through as it came", async () => {
    const res = await rawRequest(running.base, {
      path: '/api/region/gzipped',
      headers: { cookie, 'accept-encoding': 'gzip' },
    })
    expect(seenHeaders['accept-encoding']).toBe('gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.bytes.equals(gzipSync(list))).toBe(true)
  })
})

describe('a first screen compressed batch by batch', () => {
  it('is one gzip stream of every batch, each batch timed by the CPU it took', () => {
    const timed: number[] = []
    const gzip = new GzipBatches((_encoding, seconds) => timed.push(seconds))
    const batches = ['{"url":"/a"}\n', JSON.stringify(Array.from({ length: 2000 }, (_, n) => ({ n }))), '\n']
    const sent = Buffer.concat([...batches.map((batch) => gzip.write(Buffer.from(batch))), gzip.end()])
    expect(gunzipSync(sent).toString()).toBe(batches.join(''))
    expect(timed).toHaveLength(3)
    // CPU time, from the process's counters: far below a millisecond for the short batches, never negative.
    expect(timed.every((seconds) => seconds >= 0 && seconds < 1)).toBe(true)
  })
})
