/* global process */
// Bundles the production console server into one ES module run by plain `node` (no TypeScript loader at start).
// `npm run build` calls it; `npm start` calls it when the bundle is missing or older than the server's sources.
import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { newestMtime } from './newest-mtime.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const inference = join(root, 'server', 'local-cloud', 'services', 'inference')
export const BUNDLE = join(root, 'dist-server', 'start.mjs')
const BUNDLED = new Set(['zod', 'hono', '@hono/node-server'])

export function bundleIsStale() {
  const bundled = statSync(BUNDLE, { throwIfNoEntry: false })
  if (!bundled) return true
  const sourcesAt = Math.max(newestMtime(join(root, 'server')), newestMtime(join(root, 'package-lock.json')))
  return bundled.mtimeMs < sourcesAt
}

/**
 * @hono/node-server imports node:http2 only to ask `instanceof Http2ServerRequest` of each request (and for one
 * constant on an HTTP/2 close). The console serves HTTP/1.1 alone (node:http, in connections.ts), so no request is
 * ever one; but importing http2 loads node:tls with it, and every start paid for both before it listened. A class
 * nothing constructs answers those checks the same. Loading the two took 17 ms of CPU in a bare `node` (load 4 to 6).
 */
const noHttp2ForHono = {
  name: 'no-http2-for-hono',
  setup(build) {
    build.onResolve({ filter: /^node:http2$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]@hono[\\/]node-server[\\/]/.test(importer)
        ? { path: 'http2', namespace: 'no-http2-for-hono' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'no-http2-for-hono' }, () => ({
      contents: 'export class Http2ServerRequest {}\nexport const constants = { NGHTTP2_NO_ERROR: 0 }',
    }))
  },
}

export async function bundleServer() {
  const { build } = await import('esbuild')
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  await build({
    // The embeddings and encoder threads are entries of their own: a worker loads a file, not a module of the bundle.
    entryPoints: {
      start: join(root, 'server', 'start.ts'),
      'embeddings-worker': join(inference, 'embeddings-worker.ts'),
      'encoder-worker': join(inference, 'encoder-worker.ts'),
    },
    outdir: join(root, 'dist-server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they are (CommonJS ones would need shims), except the ES modules every
    // start loads before it listens: zod and Hono, some 200 small files that Node resolved and read one by one. In
    // the bundle the server's CPU to its first 200 went from about 430 to 320 ms (medians, on a loaded 2-core machine).
    external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
    plugins: [noHttp2ForHono],
    // Whitespace and comments out (names stay, so stacks still name their functions; the linked map gives lines, with
    // `node --enable-source-maps`): Node decodes and V8 compiles the whole file before the first line runs, and one
    // comment's "—" made all of it a two-byte string. 796 -> 610 KB; its decode and compile 68 -> 54 ms (minimum of
    // 15, on the loaded 2-core machine).
    minifyWhitespace: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer()
