import { createServer as createViteServer } from 'vite'
import { readConfig } from './config.ts'
import { serve } from './serve.ts'

// `npm run dev`: Vite with hot reload, mounted in the same port as the console server and local cloud.
const config = readConfig()
let vite: Awaited<ReturnType<typeof createViteServer>> | undefined
const { server } = await serve(
  config,
  (req, res) => {
    vite!.middlewares(req, res, () => {
      res.writeHead(404).end()
    })
  },
  true,
)
vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' })
