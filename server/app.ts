import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context } from 'hono'
import { SERVICES, type ConsoleConfig, type Service } from './config.ts'
import { compressResponse } from './console/compress.ts'
import { ConsoleError, consoleErrorResponse, errorResponse } from './console/errors.ts'
import { hasDotSegment, proxyRequest } from './console/proxy.ts'
import { RateLimiter } from './console/rate-limit.ts'
import { ConsoleOrigins, csrfRejection, securityHeaders } from './console/security.ts'
import { refreshCookie, sessionOf, sessionRoutes } from './console/session-routes.ts'
import { MemorySessionStore } from './console/session-store-memory.ts'
import type { SessionStore } from './console/sessions.ts'
import { httpUpstream, type Upstream } from './console/upstream.ts'
import { OidcClient } from './console/oidc.ts'
import { TokenRefresher } from './console/oidc-refresh.ts'
import { oidcRoutes } from './console/oidc-routes.ts'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

interface EmbeddedCloud {
  /** Node handler for any URL starting with /local/. */
  handle: NodeHandler
  /** Web-standard handler for the same URLs: called in-process, with no loopback HTTP hop, when present. */
  fetch?: (request: Request) => Promise<Response>
  tokens: { admin: string }
  /** The local cloud's OpenID provider: a Node app, so its paths always go through `handle`. */
  oidc?: { owns(path: string): boolean; clientSecret: string }
}

export interface ConsoleAppOptions {
  config: ConsoleConfig
  /** The embedded local cloud, when any service runs on it. */
  localCloud?: EmbeddedCloud
  /** Serves the single-page app: the built files, or Vite's dev middleware. */
  spa: NodeHandler
  dev?: boolean
  /** The sessions' clock (tests move it). */
  now?: () => number
  /** Where sessions live; by default this process's memory. */
  sessions?: SessionStore
}

type Env = { Bindings: HttpBindings }

/**
 * The console server: only its own hosts, security headers on everything, then the local cloud under /local, the
 * console's own routes under /console, the authenticated proxy under /api/{service}, and the SPA.
 */
export function createConsoleApp(options: ConsoleAppOptions) {
  const { config, localCloud, spa, dev = false, now } = options
  const sessions =
    options.sessions ??
    new MemorySessionStore(
      { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, maxCount: config.maxSessions },
      now,
    )
  const origins = new ConsoleOrigins(config)
  const headers = securityHeaders(config, dev)
  const http = httpUpstream()
  let port = config.port
  // The loopback call names the public host, the one Host the console always accepts.
  const loopback = httpUpstream(new URL(config.publicUrl).host)

  // An embedded service is called in-process when the local cloud offers `fetch`, else over loopback; the URL then
  // only needs the /local/{service} path the local cloud routes on.
  const upstreamOf = (service: Service): { upstream: Upstream; base: string } => {
    if (!config.embedded.includes(service)) return { upstream: http, base: config.upstreams[service] }
    const base = `http://127.0.0.1:${port}/local/${service}`
    return localCloud?.fetch ? { upstream: localCloud.fetch, base } : { upstream: loopback, base }
  }
  const demoToken = localCloud && config.embedded.includes('identity') ? localCloud.tokens.admin : undefined
  const oidc = oidcClientFor(
    config,
    localCloud,
    (url, init) => {
      // The embedded provider is reached over loopback, naming the public host so its URLs match the issuer.
      const { pathname, search } = new URL(url)
      return loopback(new Request(`http://127.0.0.1:${port}${pathname}${search}`, init))
    },
    now,
  )
  const refresher = new TokenRefresher(sessions, () => oidc, now)

  const app = new Hono<Env>()
  app.onError((error) => {
    if (error instanceof ConsoleError) return consoleErrorResponse(error)
    console.error('console server error', error)
    return errorResponse(500, 'server_error', 'The console server failed on this request.')
  })

  app.use(async (c, next) => {
    const port = c.env?.incoming?.socket.localPort
    if (!origins.acceptsHost(c.req.header('host'), port))
      return errorResponse(
        421,
        'misdirected_request',
        `This console answers only on ${origins.hosts(port).join(', ')}. Open it through its PUBLIC_URL.`,
      )
    // The URL parser has already resolved dot segments; the raw target shows whether the browser sent any.
    if (hasDotSegment(c.env?.incoming?.url ?? ''))
      return errorResponse(400, 'invalid_request', 'Paths may not contain dot segments.')
    for (const [name, value] of headers) c.env?.outgoing?.setHeader(name, value)
    await next()
    if (c.res !== RESPONSE_ALREADY_SENT) for (const [name, value] of headers) c.res.headers.set(name, value)
  })

  app.all('/local/*', async (c) => {
    if (!localCloud)
      throw new ConsoleError(
        404,
        'not_found',
        'The embedded local cloud is off: every service URL points at a real endpoint.',
      )
    if (localCloud.oidc?.owns(c.req.path) && c.env?.incoming) return viaNode(c, localCloud.handle)
    if (localCloud.fetch) return copyable(await localCloud.fetch(c.req.raw))
    return viaNode(c, localCloud.handle)
  })

  for (const prefix of ['/console/*', '/api/*']) {
    app.use(prefix, async (c, next) => {
      const port = c.env?.incoming?.socket.localPort
      const rejection = csrfRejection(c.req.method, c.req.raw.headers, (origin) => origins.acceptsOrigin(origin, port))
      if (rejection) throw new ConsoleError(403, 'forbidden', rejection)
      await next()
      const compressed = await compressResponse(c.req.header('accept-encoding') ?? null, c.res)
      // Hono merges the old answer's headers (its Content-Length among them) into a new one unless cleared first.
      c.res = undefined
      c.res = compressed
    })
  }

  const demoLimiter = new RateLimiter(config.demoSignInsPerMinute)
  if (oidc) app.route('/console/oidc', oidcRoutes({ config, sessions, oidc }))
  app.route(
    '/console',
    sessionRoutes({
      config,
      sessions,
      demoToken,
      demoLimiter,
      identity: () => upstreamOf('identity'),
      clientOf: (_request, env) => (env as HttpBindings | undefined)?.incoming?.socket.remoteAddress ?? 'unknown',
      ...(oidc ? { oidc } : {}),
    }),
  )

  app.all('/api/*', async (c) => {
    const raw = c.env?.incoming?.url ?? new URL(c.req.url).pathname + new URL(c.req.url).search
    const match = /^\/api\/([a-z]+)(?=[/?]|$)/.exec(raw)
    const service = SERVICES.find((s) => s === match?.[1])
    if (!service || !match)
      throw new ConsoleError(
        404,
        'not_found',
        `Unknown service in ${c.req.path}; expected /api/{${SERVICES.join(',')}}/…`,
      )
    const found = await sessionOf({ config, sessions }, c.req.raw)
    const session = found && (await refresher.fresh(found))
    if (!session) throw new ConsoleError(401, 'access_denied', 'Your session has ended. Sign in again to continue.')
    const { upstream, base } = upstreamOf(service)
    const response = await proxyRequest(c.req.raw, {
      service,
      upstream,
      base,
      displayBase: config.upstreams[service],
      pathAndQuery: raw.slice(match[0].length) || '/',
      token: session.token,
      timeoutMs: config.upstreamTimeoutMs,
    })
    refreshCookie({ config, sessions }, session, response)
    return response
  })

  app.all('*', (c) => viaNode(c, spa))

  return {
    sessions,
    refresher,
    /** The Node request listener. */
    // Keeps the global Request and Response as they are: the console runs in-process in tests beside other code.
    handle: getRequestListener(app.fetch, { overrideGlobalObjects: false }),
    /** Called once listening, so loopback calls use the real port (tests listen on port 0). */
    setLoopbackPort(listening: number) {
      port = listening
    },
  }
}

/**
 * The console's OpenID Connect client: on the embedded local cloud's provider unless OIDC_ISSUER names another, with
 * the secret the local cloud generated when OIDC_CLIENT_SECRET is unset. Undefined when sign-in through a provider
 * is not configured.
 */
function oidcClientFor(
  config: ConsoleConfig,
  localCloud: EmbeddedCloud | undefined,
  loopbackFetch: (url: string, init: RequestInit) => Promise<Response>,
  now: (() => number) | undefined,
): OidcClient | undefined {
  const settings = config.oidc
  if (!settings) return undefined
  if (settings.embedded && !localCloud?.oidc) return undefined
  const clientSecret = settings.clientSecret ?? localCloud?.oidc?.clientSecret
  if (!clientSecret) return undefined
  return new OidcClient(
    {
      issuer: settings.issuer,
      clientId: settings.clientId,
      clientSecret,
      redirectUri: settings.redirectUri,
      providerName: settings.embedded ? 'Local cloud' : new URL(settings.issuer).host,
    },
    settings.embedded ? loopbackFetch : undefined,
    now,
  )
}

/** Hands a request to a Node-style handler (the SPA, Vite, the local cloud's own handler) and waits for its answer. */
async function viaNode(c: Context<Env>, handler: NodeHandler): Promise<Response> {
  const { incoming, outgoing } = c.env
  await new Promise<void>((resolve, reject) => {
    outgoing.once('finish', resolve)
    outgoing.once('close', resolve)
    Promise.resolve(handler(incoming, outgoing)).catch(reject)
  })
  return RESPONSE_ALREADY_SENT
}

/** A Response whose headers this server may still set (one from `fetch` has immutable headers). */
function copyable(response: Response): Response {
  try {
    response.headers.set('x-content-type-options', 'nosniff')
    return response
  } catch {
    return new Response(response.body, response)
  }
}
