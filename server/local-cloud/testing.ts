import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalCloud, type LocalCloud, type LocalCloudOptions } from './index.ts'

export interface StartedLocalCloud {
  /** e.g. http://127.0.0.1:39201 — the services are at `${url}/local/region` and so on. */
  url: string
  cloud: LocalCloud
  /** Closes the server and the cloud; removes the data dir when this call created it. */
  stop(): Promise<void>
}

/**
 * A local cloud on its own plain HTTP server at 127.0.0.1 on a free port, with a fresh temporary data dir
 * unless one is given, and no provisioning delay unless one is given.
 */
export async function startLocalCloud(opts: Partial<LocalCloudOptions> = {}): Promise<StartedLocalCloud> {
  const ownDir = opts.dataDir === undefined
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'local-cloud-')))
  const cloud = await createLocalCloud({ provisionMs: 0, ...opts, dataDir })
  const server = createServer((req, res) => cloud.handle(req, res))
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cloud,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await cloud.close()
      if (ownDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
