import type { IncomingMessage, ServerResponse } from 'node:http'
import { createConsoleApp } from './app.ts'
import type { ConsoleConfig } from './config.ts'
import { createConsoleHttpServer } from './console/connections.ts'
import { createLogger } from './console/log.ts'
import { mixedCredentialWarning } from './console/credential.ts'
import { ConsoleMetrics } from './console/metrics.ts'
import { MemorySessionStore } from './console/session-store-memory.ts'
import { openSessionStore } from './console/session-store-config.ts'
import { openTracer } from './console/tracing.ts'
import { startupBanner } from './startup-banner.ts'
import {
  createLocalCloud,
  readLocalCloudOptionsFromEnv,
  readLocalOidcEnv,
  type LocalCloud,
  type LocalCloudOptions,
} from './local-cloud/index.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/** Starts the console server (and the embedded local cloud when any service uses it); shared by start and dev. */
export async function serve(config: ConsoleConfig, spa: Handler, dev: boolean, spaPresent?: () => boolean) {
  const logger = createLogger(config.logLevel)
  const tracer = await openTracer(process.env, logger)
  let localCloud: LocalCloud | undefined
  if (config.embedded.length > 0)
    localCloud = await createLocalCloud({
      ...localCloudOptions(config),
      log: (line) => logger.info(line, 'local cloud request'),
    })
  const sessions = openSessionStore(config, logger)
  const metrics = new ConsoleMetrics({
    process: true,
    ...(sessions instanceof MemorySessionStore ? { activeSessions: () => sessions.size } : {}),
  })
  const app = createConsoleApp({ config, localCloud, spa, dev, logger, spaPresent, tracer, metrics, sessions })
  const server = createConsoleHttpServer(app.handle, config)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  app.setLoopbackPort(port)
  console.log(startupBanner(config, port, localCloud).join('\n'))
  const mixed = mixedCredentialWarning(config)
  if (mixed) logger.warn({ embedded: config.embedded }, mixed)
  if (config.sessionStoreUrl && localCloud)
    logger.warn(
      { embedded: config.embedded },
      'SESSION_STORE_URL is set, but the embedded local cloud serves some services: it keeps its data in this process, so replicas would each have their own. Point every replica at the real platform, or at one shared local cloud (REGION_URL and the rest naming one console’s /local/…).',
    )

  // SIGTERM: stop accepting, let the requests in flight finish (each answer closes its connection), then exit 0.
  // Past SHUTDOWN_GRACE_MS the remaining connections are cut; SIGINT (Ctrl-C) does the same.
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining requests in flight')
    app.drain()
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    // Keep-alive connections become idle as their last answer goes out; close them as they do.
    const sweeper = setInterval(() => server.closeIdleConnections(), 50)
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), config.shutdownGraceMs)),
    )
    if ((await Promise.race([closed, deadline])) === 'late') {
      logger.warn({ graceMs: config.shutdownGraceMs }, 'requests still in flight at the end of the grace period: cut')
      server.closeAllConnections()
    }
    clearInterval(sweeper)
    clearTimeout(timer)
    await Promise.allSettled([localCloud?.close(), app.sessions.close(), app.activity.close(), tracer.shutdown()])
    logger.info('stopped')
    logger.flush()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  return { server, app, localCloud, port }
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
