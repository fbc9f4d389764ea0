import { createServer as createViteServer, type ViteDevServer } from 'vite'
import { readConfig } from './config.ts'
import { serve } from './serve.ts'

// `npm run dev`: Vite with hot reload, mounted in the same port as the console server and local cloud.
// Vite needs the HTTP server for its HMR socket, so it is created once the server listens.
const config = readConfig()
const dev: { vite?: ViteDevServer } = {}
const { server } = await serve(
  config,
  (req, res) => {
    if (!dev.vite) return void res.writeHead(503).end('Starting…')
    dev.vite.middlewares(req, res, () => res.writeHead(404).end())
  },
  true,
)
dev.vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' })
