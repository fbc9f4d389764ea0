import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PAGE_PRELOADS_FILE, pageLinks, pathKey, type PageLinks } from './page-preloads.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.map', '.txt'])

interface CachedFile {
  body: Buffer
  gzipped?: Buffer
  /** The build's Brotli copy (`x.js.br`, written at build time: vite.config.ts), when there is one. */
  brotli?: Buffer
  type: string
}

/** Whether the request's Accept-Encoding lists `coding` without refusing it (`;q=0`). */
function accepts(req: IncomingMessage, coding: string): boolean {
  return String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      return name === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))
    })
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time, and
 * every other GET that wants HTML answered with index.html so client-side routes survive a reload.
 * Files are read and gzipped once and kept in memory: the whole build is a few megabytes. Where the build left a
 * Brotli copy beside a file, browsers that accept `br` get that instead.
 * Source maps are built but not served (they publish the source) unless `serveSourceMaps` is set.
 */
export function createStaticHandler(distDir: string, options: { serveSourceMaps?: boolean } = {}) {
  const cache = new Map<string, CachedFile>()

  async function load(relative: string): Promise<CachedFile | undefined> {
    const hit = cache.get(relative)
    if (hit) return hit
    const path = normalize(join(distDir, relative))
    if (!path.startsWith(normalize(distDir) + sep)) return undefined
    try {
      if (!(await stat(path)).isFile()) return undefined
      const body = await readFile(path)
      const ext = extname(path)
      const file: CachedFile = { body, type: TYPES[ext] ?? 'application/octet-stream' }
      if (COMPRESSIBLE.has(ext) && body.length > 1024) {
        file.gzipped = gzipSync(body, { level: 9 })
        file.brotli = await readFile(`${path}.br`).catch(() => undefined)
      }
      cache.set(relative, file)
      return file
    } catch {
      return undefined
    }
  }

  // The build's links of each page (page-preloads.ts); none from a build without them.
  let preloads: Promise<Record<string, PageLinks>> | undefined
  const pagePreloads = () =>
    (preloads ??= load(PAGE_PRELOADS_FILE).then((file) =>
      file ? (JSON.parse(file.body.toString()) as Record<string, PageLinks>) : {},
    ))

  function send(req: IncomingMessage, res: ServerResponse, file: CachedFile, cacheControl: string, status = 200) {
    const encoding =
      file.brotli && accepts(req, 'br') ? 'br' : file.gzipped && accepts(req, 'gzip') ? 'gzip' : undefined
    const body = encoding === 'br' ? file.brotli! : encoding === 'gzip' ? file.gzipped! : file.body
    res.writeHead(status, {
      'Content-Type': file.type,
      'Content-Length': body.length,
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    const hidden = pathname.endsWith('.map') && !options.serveSourceMaps
    const file = pathname !== '/' && !hidden ? await load(pathname.slice(1)) : undefined
    if (file) {
      const immutable = pathname.startsWith('/assets/')
      send(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      return
    }
    const index = await load('index.html')
    if (!index) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The console has not been built. Run `npm run build`.')
      return
    }
    // A missing hashed asset is a real 404 (a stale tab after a deploy), not the SPA.
    if (pathname.startsWith('/assets/') || hidden) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const { pathname: path, search } = new URL(req.url ?? '/', 'http://x')
    send(req, res, withPagePreloads(index, path + search, await pagePreloads()), 'no-cache')
  }
}

/**
 * index.html for the opened page: its preload of the bootstrap (bootstrap.ts, put there by the build) names the page,
 * so the first screen's reads start as the HTML arrives, beside the entry's download, and the SPA's first code takes
 * the answer under the same URL (src/api/bootstrap.ts); and the head ends with the page's own chunks and stylesheets
 * (page-preloads.ts), which start with it too. The page is a few kilobytes: compressed per request, in one call.
 */
function withPagePreloads(index: CachedFile, page: string, preloads: Record<string, PageLinks>): CachedFile {
  const html = index.body.toString()
  const placeholder = 'href="/console/bootstrap"'
  if (!html.includes(placeholder)) return index
  const key = pathKey(page.split('?')[0]!)
  const links = pageLinks(key === undefined ? undefined : preloads[key], html)
  const body = Buffer.from(
    html
      .replace(placeholder, `href="/console/bootstrap?page=${encodeURIComponent(page)}"`)
      .replace('</head>', `${links}</head>`),
  )
  return { body, type: index.type, ...(body.length > 1024 ? { gzipped: gzipSync(body, { level: 9 }) } : {}) }
}
