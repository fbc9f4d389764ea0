import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildIfNeeded } from './build-if-needed.ts'
import { readConfig } from './config.ts'
import { createStaticHandler } from './console/static.ts'
import { serve } from './serve.ts'
import { DataDirTaken } from './local-cloud/platform/store/data-dir-claim.ts'

// `npm start`: the production console — builds the SPA if needed, then serves it with the proxy and local cloud.
const config = readConfig()
const distDir = resolve(config.distDir)
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded(distDir)
// Not awaited: the bundle is a script (run-bundle.mjs), which has no top-level await. A failure to start still ends
// the process with the error and exit code 1, as an unhandled rejection; a data directory another local cloud holds is
// said in its one sentence, which tells what to do (not under a line of the bundle and a stack).
serve(config, createStaticHandler(distDir, { serveSourceMaps: config.serveSourceMaps }), false, () =>
  existsSync(join(distDir, 'index.html')),
).catch((error: unknown) => {
  if (!(error instanceof DataDirTaken)) throw error
  console.error(error.message)
  process.exit(1)
})
