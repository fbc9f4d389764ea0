/* global process, Buffer */
// dist-server/start.mjs (server/bundle.mjs copies it there): runs the server bundle, server.cjs, from a V8 code cache.
// An ES module is compiled whole before its first line runs, at every start, with no cache on Node 20 (no
// module.enableCompileCache); a script compiled through vm.Script can take the bytecode a previous start left. The
// cache holds what that start compiled up to its exit (the bundle's top level and the functions the start and its
// requests ran). The console-server bench (`npm run bench`) prints the cold start it gives.
import { createHash } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Script } from 'node:vm'

const file = join(dirname(fileURLToPath(import.meta.url)), 'server.cjs')
const cacheFile = `${file}.cache`
const code = readFileSync(file, 'utf8')
// V8 checks a cache against the source's length, not its text: the cache file starts with the hash of the code it
// was made from, and one made from other code is not used.
const key = createHash('sha256').update(code).digest()
const cached = readIfThere(cacheFile)
const cachedData = cached?.subarray(0, key.length).equals(key) ? cached.subarray(key.length) : undefined

// CommonJS's wrapper, on a line of its own so the bundle's lines and columns (and its source map) stay as built.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname, importMetaUrl, importMetaResolve) {\n${code}\n})`,
  { filename: file, lineOffset: -1, cachedData },
)
// A missing cache, or one V8 refused (another Node version or flags), is written anew when this process ends.
if (!cachedData || script.cachedDataRejected) process.once('exit', writeCache)

const module = { exports: {} }
script.runInThisContext()(
  module.exports,
  createRequire(file),
  module,
  file,
  dirname(file),
  pathToFileURL(file).href,
  // The bundle sits beside this file: a specifier resolves the same from either.
  (specifier) => import.meta.resolve(specifier),
)

function writeCache() {
  const partial = `${cacheFile}.${process.pid}`
  try {
    writeFileSync(partial, Buffer.concat([key, script.createCachedData()]))
    renameSync(partial, cacheFile)
  } catch {
    // A read-only install runs without the cache, as before it.
  }
}

function readIfThere(path) {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}
