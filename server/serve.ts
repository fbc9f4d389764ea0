import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createConsoleApp } from './app.ts'
import type { ConsoleConfig } from './config.ts'
import {
  createLocalCloud,
  readLocalCloudOptionsFromEnv,
  readLocalOidcEnv,
  type LocalCloud,
  type LocalCloudOptions,
} from './local-cloud/index.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/** Starts the console server (and the embedded local cloud when any service uses it); shared by start and dev. */
export async function serve(config: ConsoleConfig, spa: Handler, dev: boolean) {
  let localCloud: LocalCloud | undefined
  if (config.embedded.length > 0) localCloud = await createLocalCloud(localCloudOptions(config))
  const app = createConsoleApp({ config, localCloud, spa, dev })
  const server = createServer(app.handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  app.setLoopbackPort(port)
  printBanner(config, port, localCloud)

  const stop = async () => {
    server.close()
    server.closeAllConnections()
    await localCloud?.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return { server, app, localCloud, port }
}

function printBanner(config: ConsoleConfig, port: number, localCloud: LocalCloud | undefined) {
  const lines = [`Cloud Console on ${config.publicUrl} (listening on ${config.host}:${port})`]
  for (const [service, url] of Object.entries(config.upstreams)) {
    lines.push(
      `  ${service.padEnd(9)} ${url}${config.embedded.includes(service as never) ? '  (embedded local cloud)' : ''}`,
    )
  }
  if (localCloud) {
    lines.push('Local cloud tokens (use as "Authorization: Bearer <token>"):')
    lines.push(`  demo admin (${localCloud.demo.organizationId}): ${localCloud.tokens.admin}`)
    lines.push(`  second org (${localCloud.demo.secondOrganizationId}): ${localCloud.tokens.second}`)
  }
  console.log(lines.join('\n'))
}

/** The local cloud's options from the environment, with the console registered at its OpenID provider. */
function localCloudOptions(config: ConsoleConfig): LocalCloudOptions {
  const options = readLocalCloudOptionsFromEnv(process.env)
  const oidc = config.oidc
  if (!oidc?.embedded) return options
  return {
    ...options,
    oidc: {
      issuer: oidc.issuer,
      client: {
        clientId: oidc.clientId,
        ...(oidc.clientSecret ? { clientSecret: oidc.clientSecret } : {}),
        redirectUris: [oidc.redirectUri],
      },
      ...readLocalOidcEnv(process.env),
    },
  }
}
