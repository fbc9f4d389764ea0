import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticHandler } from './static.ts'

const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))}\n`
let dist: string
let server: Server
let base: string

/** The raw answer: fetch would undo the Content-Encoding, and the bytes on the wire are what is tested. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'static-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cloud Console</title>')
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script)
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script))
  writeFileSync(join(dist, 'assets', 'plain-abc123.js'), script)
  server = createServer((req, res) => void createStaticHandler(dist)(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('static assets', () => {
  it("sends the build's Brotli copy to a browser that accepts br, cached for good", async () => {
    const { headers, body } = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd')
    expect(headers['content-encoding']).toBe('br')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(body).toString()).toBe(script)
    expect(Number(headers['content-length'])).toBe(body.length)
  })

  it('sends gzip where br is not accepted, or refused with q=0, or the build left no Brotli copy', async () => {
    for (const [path, accept] of [
      ['/assets/app-abc123.js', 'gzip, deflate'],
      ['/assets/app-abc123.js', 'gzip, br;q=0'],
      ['/assets/plain-abc123.js', 'gzip, br'],
    ] as const) {
      const { headers, body } = await get(path, accept)
      expect(headers['content-encoding'], `${path} with ${accept}`).toBe('gzip')
      expect(gunzipSync(body).toString()).toBe(script)
    }
  })

  it('sends the file as it is to a client that accepts no coding', async () => {
    const { headers, body } = await get('/assets/app-abc123.js')
    expect(headers['content-encoding']).toBeUndefined()
    expect(body.toString()).toBe(script)
  })
})

describe("index.html's bootstrap preload", () => {
  it('names the opened page, and a build without the preload is served as built', async () => {
    const withPreload = mkdtempSync(join(tmpdir(), 'static-'))
    const html = '<!doctype html><head><link rel="preload" as="fetch" crossorigin href="/console/bootstrap"></head>'
    writeFileSync(join(withPreload, 'index.html'), html)
    const handler = createStaticHandler(withPreload)
    const other = createServer((req, res) => void handler(req, res))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const page = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/networks?project=all`)
      expect(await page.text()).toContain(
        `href="/console/bootstrap?page=${encodeURIComponent('/networks?project=all')}"`,
      )
    } finally {
      other.close()
      rmSync(withPreload, { recursive: true, force: true })
    }
    expect((await get('/networks')).body.toString()).toBe('<!doctype html><title>Cloud Console</title>')
  })

  it("ends the head with the opened page's own chunks and stylesheets, and only its own", async () => {
    const built = mkdtempSync(join(tmpdir(), 'static-'))
    const html =
      '<!doctype html><head><link rel="preload" as="fetch" crossorigin href="/console/bootstrap">' +
      '<link rel="modulepreload" crossorigin href="/assets/shell-1.js"></head><body></body>'
    writeFileSync(join(built, 'index.html'), html)
    writeFileSync(
      join(built, 'page-preloads.json'),
      JSON.stringify({
        '/networks': { scripts: ['/assets/NetworkList-1.js', '/assets/shell-1.js'], styles: ['/assets/table-1.css'] },
        '/networks/:id': { scripts: ['/assets/NetworkDetail-1.js'], styles: [] },
      }),
    )
    const handler = createStaticHandler(built)
    const other = createServer((req, res) => void handler(req, res))
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const head = async (path: string) => {
      const text = await (await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}${path}`)).text()
      return [...text.split('</head>')[0]!.matchAll(/<link rel="(\w+)"[^>]* href="\/assets\/([^"]+)"/g)].map(
        ([, rel, file]) => `${rel} ${file}`,
      )
    }
    try {
      expect(await head('/networks?project=all')).toEqual([
        'modulepreload shell-1.js',
        'modulepreload NetworkList-1.js',
        'preload table-1.css',
      ])
      expect(await head('/networks/abc')).toEqual(['modulepreload shell-1.js', 'modulepreload NetworkDetail-1.js'])
      expect(await head('/networks/abc/edit')).toEqual(['modulepreload shell-1.js'])
      expect(await head('/no/such/page/here')).toEqual(['modulepreload shell-1.js'])
    } finally {
      other.close()
      rmSync(built, { recursive: true, force: true })
    }
  })
})
