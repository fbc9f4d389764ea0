// A console server with the embedded local cloud, run as a child process by console-server.bench.ts. It imports the
// server from the working directory, so the bench can run the same fixture against an older checkout
// (BENCH_BASELINE) and compare both in one run.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const from = (path: string) => import(pathToFileURL(join(process.cwd(), path)).href)
const { createConsoleApp } = await from('server/app.ts')
const { readConfig } = await from('server/config.ts')
const { createLocalCloud } = await from('server/local-cloud/index.ts')

const dataDir = await mkdtemp(join(tmpdir(), 'bench-console-'))
const cloud = await createLocalCloud({ dataDir, provisionMs: 0 })
if (process.env.BENCH_NETWORKS) {
  const { seedManyNetworks } = await from('server/local-cloud/testing.ts')
  await seedManyNetworks(cloud, Number(process.env.BENCH_NETWORKS))
}
const config = { ...readConfig({ PORT: '0' }), publicUrl: 'http://127.0.0.1' }
const app = createConsoleApp({
  config,
  localCloud: cloud,
  spa: (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(404).end(),
})
const server = createServer(app.handle)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
app.setLoopbackPort(port)
process.send!({ port, token: cloud.tokens.admin, organizationId: cloud.demo.organizationId })
process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage()
    return void process.send!({ cpuMs: (user + system) / 1000 })
  }
  server.closeAllConnections()
  server.close()
  await cloud.close()
  await rm(dataDir, { recursive: true, force: true })
  process.exit(0)
})
