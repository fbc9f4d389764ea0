import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildIfNeeded } from './build-if-needed.ts'
import { readConfig } from './config.ts'
import { createStaticHandler } from './console/static.ts'
import { serve } from './serve.ts'

// `npm start`: the production console — builds the SPA if needed, then serves it with the proxy and local cloud.
const config = readConfig()
const distDir = resolve(config.distDir)
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded(distDir)
await serve(config, createStaticHandler(distDir, { serveSourceMaps: config.serveSourceMaps }), false, () =>
  existsSync(join(distDir, 'index.html')),
)
