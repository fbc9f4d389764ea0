/* global process */
// Bundles the production console server into one script run by plain `node` (no TypeScript loader at start).
// `npm run build` calls it; `npm start` calls it when the bundle is missing or older than the server's sources.
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const inference = join(root, 'server', 'local-cloud', 'services', 'inference')
export const BUNDLE = join(root, 'dist-server', 'start.mjs')
const BUNDLED = new Set(['zod', 'hono', '@hono/node-server', 'pino'])
// The files the bundle was built from (esbuild's metafile), written beside it by every bundling.
const INPUTS = join(root, 'dist-server', 'inputs.json')

/**
 * Whether the bundle is missing or older than a file it was built from, this script or the lockfile (which stands for
 * node_modules). A new source file changes nothing until a bundled file imports it, and that file is newer then.
 * It stats only the bundle's inputs, not every entry under server/ (tests included): it runs at every start.
 */
export function bundleIsStale() {
  const bundled = statSync(BUNDLE, { throwIfNoEntry: false })
  const inputs = statSync(INPUTS, { throwIfNoEntry: false }) && JSON.parse(readFileSync(INPUTS, 'utf8'))
  if (!bundled || !Array.isArray(inputs)) return true
  return [...inputs, 'server/bundle.mjs', 'package-lock.json'].some(
    (file) => (statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > bundled.mtimeMs,
  )
}

/**
 * The SPA's endpoint tables (server/console/declared-tables.ts) stay out of the server's bundle: the first request to
 * the API loads them from a file of their own. In the bundle they made it far larger, all of it decoded and compiled at
 * every start (bench/console-server.bench.ts times the cold start).
 */
const tablesApart = {
  name: 'tables-apart',
  setup(build) {
    build.onResolve({ filter: /[\\/]declared-tables\.ts$/ }, () => ({ path: './declared-tables.cjs', external: true }))
  },
}

/**
 * Bundles the server into dist-server and returns every module the bundles were built from. With `write: false`
 * (server/bundle.test.ts) it writes nothing.
 */
export async function bundleServer({ write = true } = {}) {
  const { build } = await import('esbuild')
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const outdir = join(root, 'dist-server')
  const common = {
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // Dependencies load from node_modules as they are, except those every start loads before it listens: zod and
    // Hono, hundreds of small ES modules that Node would resolve and read one by one, and pino, CommonJS the script
    // bundle takes as it is, files Node would resolve and compile at every start (the ES module worker bundles do
    // not log). Its transports, which would look for their worker files beside the bundle, are not used: the logger
    // writes to stdout.
    external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
    // Whitespace and comments out (names stay, so stacks still name their functions; the linked map gives lines, with
    // `node --enable-source-maps`): Node decodes and V8 compiles the whole file before the first line runs, and one
    // comment's "—" made all of it a two-byte string.
    minifyWhitespace: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    write,
    absWorkingDir: root,
  }
  const built = await Promise.all([
    // The server is a CommonJS-shaped script that run-bundle.mjs compiles with a code cache (see there); it reads
    // import.meta's two fields from the arguments that runner passes.
    build({
      ...common,
      entryPoints: { server: join(root, 'server', 'start.ts') },
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      plugins: [tablesApart],
      // Its import()s (oidc-provider, openid-client, prom-client, OpenTelemetry) become require()s, which load ES
      // modules too on our Node versions. On Node 20 a cached vm.Script's import() fails (its loader is not in the
      // cache: ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); the require() gives an ES module's namespace as the default
      // export, so the server imports named exports of those packages.
      supported: { 'dynamic-import': false },
      define: { 'import.meta.url': 'importMetaUrl', 'import.meta.resolve': 'importMetaResolve' },
    }),
    build({
      ...common,
      entryPoints: { 'declared-tables': join(root, 'server', 'console', 'declared-tables.ts') },
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
    }),
    // The embeddings and encoder threads are entries of their own: a worker loads a file, not a module of the bundle.
    build({
      ...common,
      entryPoints: {
        'embeddings-worker': join(inference, 'embeddings-worker.ts'),
        'encoder-worker': join(inference, 'encoder-worker.ts'),
      },
      outExtension: { '.js': '.mjs' },
      format: 'esm',
    }),
  ])
  const modules = [...new Set(built.flatMap(({ metafile }) => Object.keys(metafile.inputs)))]
  if (!write) return modules
  // The entry `npm start` and the Dockerfile run; written last, so its time is the bundle's (bundleIsStale).
  copyFileSync(join(root, 'server', 'run-bundle.mjs'), BUNDLE)
  // node_modules' files are left out: the lockfile stands for them.
  const inputs = modules.filter((path) => !/(^|\/)node_modules\//.test(path))
  writeFileSync(INPUTS, `${JSON.stringify([...inputs, 'server/run-bundle.mjs'])}\n`)
  return modules
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer()
