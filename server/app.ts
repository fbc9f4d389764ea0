import type { IncomingMessage, ServerResponse } from 'node:http'
import { SERVICES, type ConsoleConfig, type Service } from './config.ts'
import { sendError } from './console/http-utils.ts'
import { proxyRequest } from './console/proxy.ts'
import { csrfRejection, originsFor, setSecurityHeaders } from './console/security.ts'
import { handleSessionRoutes, sessionIdOf } from './console/session-routes.ts'
import { SessionStore } from './console/sessions.ts'

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export interface ConsoleAppOptions {
  config: ConsoleConfig
  /** The embedded local cloud, when any service runs on it. */
  localCloud?: { handle: Handler; tokens: { admin: string } }
  /** Serves the single-page app: the built files, or Vite's dev middleware. */
  spa: Handler
  dev?: boolean
}

/**
 * The console server's request handler: security headers on everything, then the local cloud under /local,
 * the console's own session routes under /console, the authenticated proxy under /api/{service}, and the SPA.
 */
export function createConsoleApp(options: ConsoleAppOptions) {
  const { config, localCloud, spa, dev = false } = options
  const sessions = new SessionStore(config.sessionIdleMs)
  let loopbackOrigin = `http://127.0.0.1:${config.port}`

  // The embedded cloud is reached over loopback even when PUBLIC_URL names another host.
  const internalBase = (service: Service) =>
    config.embedded.includes(service) ? `${loopbackOrigin}/local/${service}` : config.upstreams[service]

  const demoToken = localCloud && config.embedded.includes('identity') ? localCloud.tokens.admin : undefined

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res, dev)
    const url = req.url ?? '/'
    const pathname = url.split('?')[0] ?? '/'

    if (pathname.startsWith('/local/')) {
      if (!localCloud)
        return sendError(
          res,
          404,
          'not_found',
          'The embedded local cloud is off: every service URL points at a real endpoint.',
        )
      return localCloud.handle(req, res)
    }

    const isConsole = pathname.startsWith('/console/')
    const isApi = pathname.startsWith('/api/')
    if (isConsole || isApi) {
      const rejection = csrfRejection(req, originsFor(req, config.publicUrl))
      if (rejection) return sendError(res, 403, 'forbidden', rejection)
    }
    if (isConsole) return handleSessionRoutes(req, res, pathname, { config, sessions, demoToken, internalBase })

    if (isApi) {
      const match = /^\/api\/([a-z]+)(\/.*)?$/.exec(pathname)
      const service = SERVICES.find((s) => s === match?.[1])
      if (!service)
        return sendError(
          res,
          404,
          'not_found',
          `Unknown service in ${pathname}; expected /api/{${SERVICES.join(',')}}/…`,
        )
      const session = sessions.get(sessionIdOf(req))
      if (!session) return sendError(res, 401, 'access_denied', 'Your session has ended. Sign in again to continue.')
      const rest = url.slice(`/api/${service}`.length) || '/'
      return proxyRequest(req, res, {
        service,
        base: internalBase(service),
        pathAndQuery: rest.startsWith('/') ? rest : `/${rest}`,
        token: session.token,
        timeoutMs: config.upstreamTimeoutMs,
      })
    }
    return spa(req, res)
  }

  return {
    sessions,
    /** Called once listening, so loopback calls use the real port (tests listen on port 0). */
    setLoopbackPort(port: number) {
      loopbackOrigin = `http://127.0.0.1:${port}`
    },
    handle(req: IncomingMessage, res: ServerResponse) {
      Promise.resolve(handle(req, res)).catch((error: unknown) => {
        console.error('console server error', error)
        if (!res.headersSent) sendError(res, 500, 'server_error', 'The console server failed on this request.')
        else res.destroy()
      })
    },
  }
}
