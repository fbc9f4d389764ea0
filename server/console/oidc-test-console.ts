// The console server with its embedded local cloud, whose OpenID provider has the console registered, on a free
// port: the OpenID Connect sign-in tests' server.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createConsoleApp, type ConsoleAppOptions } from '../app.ts'
import { readConfig } from '../config.ts'
import { createLocalCloud } from '../local-cloud/index.ts'

export async function startOidcConsole(options: {
  /** The address in the browser's bar, from the one the test connects to; the same unless a proxy stands between. */
  publicUrl?: (base: string) => string
  /** Console settings beyond its port and public address. */
  env?: NodeJS.ProcessEnv
  accessTokenSeconds?: number
  app?: Omit<Partial<ConsoleAppOptions>, 'config' | 'localCloud' | 'spa'>
}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'oidc-test-'))
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  const publicUrl = options.publicUrl?.(base) ?? base
  const config = readConfig({ ...options.env, PORT: String(port), PUBLIC_URL: publicUrl })
  const cloud = await createLocalCloud({
    dataDir,
    provisionMs: 0,
    oidc: {
      issuer: config.upstreams.identity,
      client: { clientId: 'cloud-console', redirectUris: [`${publicUrl}/console/oidc/callback`] },
      ...(options.accessTokenSeconds ? { accessTokenSeconds: options.accessTokenSeconds } : {}),
    },
  })
  const app = createConsoleApp({ ...options.app, config, localCloud: cloud, spa: (_req, res) => void res.end() })
  server.on('request', app.handle)
  app.setLoopbackPort(port)
  return {
    /** Where the test connects. */
    base,
    publicUrl,
    cloud,
    app,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await cloud.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
