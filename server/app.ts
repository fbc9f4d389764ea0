import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context } from 'hono'
import { SERVICES, type ConsoleConfig, type Service } from './config.ts'
import { writeOf, type ActivityLog } from './console/activity.ts'
import { ActivityRecorder, openActivityLog } from './console/activity-record.ts'
import { activityRoutes } from './console/activity-routes.ts'
import { bootstrapResponse } from './console/bootstrap.ts'
import { compressResponse, compressWhole, streamEncoding } from './console/compress.ts'
import { ConsoleError, consoleErrorResponse, errorCodeOf, errorResponse, jsonResponse } from './console/errors.ts'
import {
  foreignCredentialMessage,
  identityVerdict,
  oneServiceRefusedMessage,
  sharesCredential,
} from './console/credential.ts'
import { ConsoleMetrics, countingStarts, upstreamFailureOf } from './console/metrics.ts'
import { metricsRoutes } from './console/metrics-route.ts'
import { hasDotSegment, proxyRequest, type WholeAnswer } from './console/proxy.ts'
import { RateLimiter } from './console/rate-limit.ts'
import { principalOf, SignInLimits } from './console/sign-in-limits.ts'
import { ConsoleOrigins, csrfRejection, securityHeaders } from './console/security.ts'
import { refreshCookie, sessionOf, sessionRoutes } from './console/session-routes.ts'
import { sessionEndedError } from './console/session-end.ts'
import { TurnQueue } from './console/turns.ts'
import { requestIdOf, silentLogger, type Logger } from './console/log.ts'
import { RouteLabels } from './console/route-labels.ts'
import { loadDeclaredRoutes } from './console/declared-routes.ts'
import { probeRoutes } from './console/probes.ts'
import type { EmbeddingsSource } from './local-cloud/services/inference/served-by.ts'
import { openSessionStore } from './console/session-store-config.ts'
import { parseCookies, sessionCookieName, type Session, type SessionStore } from './console/sessions.ts'
import { IN_FLIGHT_PER_SESSION, InFlightPerSession } from './console/in-flight.ts'
import { Admission, type Priority, type UpstreamClock } from './console/admission.ts'
import { shedAtTheDoor, upstreamClockOf } from './console/shed.ts'
import { loopLatenessMs } from './console/loop-delay.ts'
import { httpUpstream, type Upstream } from './console/upstream.ts'
import { OidcClient } from './console/oidc.ts'
import { TokenRefresher } from './console/oidc-refresh.ts'
import { oidcRoutes } from './console/oidc-routes.ts'
import type { RequestSpan, Tracer } from './console/trace-context.ts'
import { contextOnlyTracer } from './console/tracing.ts'
import { refusedHook, testHookCaller } from './local-cloud/platform/test-hooks.ts'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

interface EmbeddedCloud {
  /**
   * The one way in: any URL starting with /local/, called in-process with a real Request (its signal aborts when
   * the browser goes away or the deadline passes) and answered with a Response.
   */
  fetch: Upstream
  tokens: { admin: string }
  /** What serves its embedding models, which the console's configuration tells the SPA while inference is embedded. */
  embeddingsSources?: EmbeddingsSource[]
  /** Whether it serves its test hooks (LOCAL_CLOUD_TEST_HOOKS): the console then serves its own, for end-to-end tests. */
  testHooks?: boolean
  /** The local cloud's OpenID provider: a Node app beside the Web one, so its paths go to its own Node handler. */
  oidc?: { owns(path: string): boolean; clientSecret: string; handle: NodeHandler }
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
  /** Where sessions live; by default the one the configuration names (memory unless SESSION_STORE_URL is set). */
  sessions?: SessionStore
  /** The request log; none by default (tests), the real server passes one. */
  logger?: Logger
  /** Whether the SPA can be served, for the readiness probe; true by default. */
  spaPresent?: () => boolean
  /** Spans per request; trace context only (nothing exported) by default. */
  tracer?: Tracer
  /** What GET /metrics serves; the console's own counters without Node's process metrics by default. */
  metrics?: ConsoleMetrics
  /** Where writes through the console are recorded; by default beside the sessions (memory, or Redis). */
  activity?: ActivityLog
}

/** What the request log learns along the way: the upstream service a request went to and its answer. */
interface RequestLog {
  id: string
  span: RequestSpan
  upstream?: { service: Service; status?: number }
}

/**
 * A request the console server makes of its own routes (the bootstrap's reads): it continues the asking request's
 * id and trace, so the trace id a carried answer shows is the one in this server's log and the platform's.
 */
interface Within {
  id: string
  traceparent: string
  /** The asking request's session, looked up once for all its reads (with a shared store, a round trip each). */
  session: () => Promise<Session | undefined>
  /** The asking request's wait on the platform, which admission control leaves out of its latency. */
  clock?: UpstreamClock
  /**
   * The proxy's whole answer to this one read, handed over as it is: made a web Response, it was written into a
   * stream only for the bootstrap to read it back.
   */
  whole?: WholeAnswer
}

type Env = { Bindings: HttpBindings & { within?: Within }; Variables: { log: RequestLog } }

/**
 * The console server: only its own hosts, security headers on everything, then the local cloud under /local, the
 * console's own routes under /console, the authenticated proxy under /api/{service}, and the SPA.
 */
export function createConsoleApp(options: ConsoleAppOptions) {
  const { config, localCloud, spa, dev = false, now, logger = silentLogger, tracer = contextOnlyTracer } = options
  const metrics = options.metrics ?? new ConsoleMetrics()
  const sessions = countingStarts(options.sessions ?? openSessionStore(config, logger, now), metrics)
  const activity = options.activity ?? openActivityLog(config)
  let draining = false
  const origins = new ConsoleOrigins(config)
  const headers = securityHeaders(config, dev)
  const http = httpUpstream()
  let port = config.port
  // The loopback call names the public host, the one Host the console always accepts.
  const loopback = httpUpstream(new URL(config.publicUrl).host)

  // Every call to a service, timed from its send to its answer's headers for the metrics' upstream wait, less how late
  // this process's loop is running: an answer that came while the loop served others waited on the console, not on the
  // platform (issue 77: 0.25–0.5 s p99 at 1,000 sessions for a cloud answering in 5 ms). That delay is its own metric.
  const timedUpstream = (service: Service, upstream: Upstream): Upstream => {
    return async (request) => {
      const started = performance.now()
      try {
        return await upstream(request)
      } finally {
        const waited = performance.now() - started - loopLatenessMs()
        metrics.upstreamWait(service, Math.max(0, waited) / 1000)
      }
    }
  }
  const upstreams = new Map(
    SERVICES.map((service) => {
      const embedded = config.embedded.includes(service) && localCloud
      return [service, timedUpstream(service, embedded ? localCloud.fetch : http)] as const
    }),
  )
  // An embedded service is called in-process; the URL then only needs the /local/{service} path the local cloud
  // routes on.
  const upstreamOf = (service: Service): { upstream: Upstream; base: string } => {
    const upstream = upstreams.get(service)!
    if (!config.embedded.includes(service) || !localCloud) return { upstream, base: config.upstreams[service] }
    return { upstream, base: `http://127.0.0.1:${port}/local/${service}` }
  }
  const timer = (encoding: 'br' | 'gzip', seconds: number) => metrics.compression(encoding, seconds)
  const recorder = new ActivityRecorder(activity, upstreamOf, config.upstreamTimeoutMs, (traceId, error) =>
    logger.error({ traceId, err: error.message }, 'activity log unavailable: a write was refused, unsent'),
  )
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
  const refresher = new TokenRefresher(
    sessions,
    () => oidc,
    now,
    (outcome) => metrics.refresh(outcome),
  )

  const app = new Hono<Env>()
  const labels = new RouteLabels(() => app.routes)
  app.onError((error, c) => {
    if (error instanceof ConsoleError) {
      if (error.code === 'session_store_unavailable') metrics.storeError()
      return consoleErrorResponse(error)
    }
    logger.error({ reqId: c.get('log')?.id, traceId: c.get('log')?.span.traceId, err: error }, 'console server error')
    return errorResponse(500, 'server_error', 'The console server failed on this request.')
  })

  // First, so every answer (421s and the SPA's files included) has a request id, a span and one log line once it is
  // sent. The trace id goes back to the browser in W3C's traceresponse, for the errors it shows.
  app.use(async (c, next) => {
    const started = performance.now()
    const { incoming, outgoing, within } = c.env ?? {}
    // Until its last byte is sent: a first screen is in flight while its parts stream.
    const answered = outgoing && !within ? metrics.begun() : undefined
    // Before anything of a request to the API: its route (the metrics' label, the activity log's kind) is read from
    // the SPA's endpoint tables, loaded by the first such request.
    if (c.req.path.startsWith('/api/')) await loadDeclaredRoutes()
    const forwarded = config.trustProxy ? forwardedFacts(c.req.raw.headers) : undefined
    const log: RequestLog = within
      ? { id: within.id, span: tracer.start(within.traceparent, true) }
      : {
          id: requestIdOf(c.req.header('x-request-id'), config.trustProxy),
          span: tracer.start(c.req.header('traceparent'), config.trustProxy),
        }
    c.set('log', log)
    outgoing?.setHeader('X-Request-Id', log.id)
    outgoing?.setHeader('traceresponse', log.span.traceparent)
    if (draining) outgoing?.setHeader('Connection', 'close')
    const finish = (status: number, aborted: boolean) => {
      answered?.()
      const route = labels.of(incoming?.url ?? c.req.path)
      const facts = { method: c.req.method, route, status, upstream: log.upstream?.service }
      log.span.end(facts)
      // A read of the bootstrap's is part of its request, which the metrics count once.
      if (!within) metrics.request(facts, (performance.now() - started) / 1000)
      const line = {
        reqId: log.id,
        traceId: log.span.traceId,
        method: c.req.method,
        route,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(log.upstream && { upstream: log.upstream.service, upstreamStatus: log.upstream.status }),
        ...(aborted && { aborted: true }),
        ...(forwarded?.client && { client: forwarded.client }),
      }
      if (status >= 500) logger.warn(line, 'request')
      else logger.info(line, 'request')
    }
    outgoing?.once('close', () => finish(outgoing.statusCode, !outgoing.writableFinished))
    await next()
    if (within?.whole) within.whole.headers.set('traceresponse', log.span.traceparent)
    if (within) finish(within.whole?.status ?? c.res.status, false)
    if (c.res === RESPONSE_ALREADY_SENT) return
    c.res.headers.set('X-Request-Id', log.id)
    c.res.headers.set('traceresponse', log.span.traceparent)
    if (draining) c.res.headers.set('Connection', 'close')
    // Behind TLS termination the browser is on https though this hop is not: its cookies still get Secure.
    if (forwarded?.https) secureCookies(c.res.headers)
  })

  app.route('/', probeRoutes({ sessions, spaPresent: options.spaPresent ?? (() => true), draining: () => draining }))
  app.route('/', metricsRoutes({ metrics, allow: config.metricsAllow, trustProxy: config.trustProxy }))

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

  // Admission control (admission.ts), asked at the door by the Node listener below (shed.ts).
  const turns = new TurnQueue(config.admissionQueueWaitMs)
  const admission = new Admission({
    min: config.admissionMinLimit,
    max: config.admissionMaxLimit,
    queue: turns,
    lateness: loopLatenessMs,
  })
  metrics.admission(admission)
  if (localCloud?.testHooks && localCloud.tokens.admin) {
    const isAdmin = testHookCaller(localCloud.tokens.admin)
    // For end-to-end tests only: the calling session's next `count` reads are refused as if the process were full.
    app.post('/console/testing/refuse-reads', async (c) => {
      if (!isAdmin(c.req.header('authorization'))) return refusedHook()
      const session = parseCookies(c.req.header('cookie')).get(sessionCookieName(config.secureCookies))
      const { count } = ((await c.req.json().catch(() => null)) ?? {}) as { count?: unknown }
      if (!session || typeof count !== 'number')
        throw new ConsoleError(400, 'invalid_request', 'A session cookie and a count are needed.')
      admission.refuseNext(session, count)
      return c.body(null, 204)
    })
  }

  app.all('/local/*', async (c) => {
    if (!localCloud)
      throw new ConsoleError(
        404,
        'not_found',
        'The embedded local cloud is off: every service URL points at a real endpoint.',
      )
    if (localCloud.oidc?.owns(c.req.path) && c.env?.incoming) return viaNode(c, localCloud.oidc.handle)
    return copyable(await localCloud.fetch(c.req.raw))
  })

  for (const prefix of ['/console/*', '/api/*']) {
    app.use(prefix, async (c, next) => {
      const port = c.env?.incoming?.socket.localPort
      const rejection = csrfRejection(c.req.method, c.req.raw.headers, (origin) => origins.acceptsOrigin(origin, port))
      if (rejection) throw new ConsoleError(403, 'forbidden', rejection)
      await next()
      // An answer already written (the proxy's whole answers) was compressed on its way out.
      if (c.res === RESPONSE_ALREADY_SENT) return
      const compressed = await compressResponse(c.req.header('accept-encoding') ?? null, c.res, timer)
      // Hono merges the old answer's headers (its Content-Length among them) into a new one unless cleared first.
      c.res = undefined
      c.res = compressed
    })
  }

  // Counted from the request's arrival to its last byte (or the browser going away); the bootstrap's own reads are
  // part of its one.
  const inFlight = new InFlightPerSession()
  const perPrincipal = new InFlightPerSession(config.inFlightPerPrincipal)
  const bounded = async (c: Context<Env>, next: () => Promise<void>) => {
    const outgoing = c.env?.outgoing
    const session = parseCookies(c.req.header('cookie')).get(sessionCookieName(config.secureCookies))
    if (c.env?.within || !outgoing || !session) return next()
    const release = inFlight.take(session)
    if (!release)
      throw new ConsoleError(
        429,
        'too_many_requests',
        `This session already has ${IN_FLIGHT_PER_SESSION} requests under way. Try again once they have answered.`,
        { 'Retry-After': '1' },
      )
    outgoing.once('close', release)
    await next()
  }
  app.use('/api/*', bounded)
  app.use('/console/bootstrap', bounded)

  const demoLimiter = new RateLimiter(config.demoSignInsPerMinute)
  const signIns = new SignInLimits(config.signInsPerMinute, sessions, now, config.signInsPerMinutePerOrganization)
  const clientOf = (request: Request, env: unknown) =>
    (config.trustProxy && forwardedFacts(request.headers).client) ||
    ((env as HttpBindings | undefined)?.incoming?.socket.remoteAddress ?? 'unknown')
  // The first screen's reads in one round trip; each through this app's own routes, as the browser's cookie.
  app.get('/console/bootstrap', async (c) => {
    // Before the session routes, whose catch-all answers 404 for any other /console path.
    const cookie = c.req.header('cookie')
    // The reader's languages too: the configuration says how they write figures.
    const language = c.req.header('accept-language')
    const { id, span } = c.get('log')
    let session: Promise<Session | undefined> | undefined
    const within: Within = {
      id,
      traceparent: span.traceparent,
      session: () => (session ??= sessionOf({ config, sessions }, c.req.raw)),
      clock: upstreamClockOf(c.env?.incoming),
    }
    const call = async (url: string) => {
      const read: Within = { ...within }
      const response = await app.fetch(
        new Request(new URL(url, config.publicUrl), {
          headers: {
            host: new URL(config.publicUrl).host,
            accept: 'application/json',
            ...(cookie ? { cookie } : {}),
            ...(language ? { 'accept-language': language } : {}),
          },
        }),
        { within: read },
      )
      return read.whole ?? response
    }
    const encoding = streamEncoding(c.req.header('accept-encoding') ?? null)
    const answer = await bootstrapResponse(c.req.raw, call, encoding, timer, c.env?.outgoing)
    return answer ?? RESPONSE_ALREADY_SENT
  })

  if (oidc) app.route('/console/oidc', oidcRoutes({ config, sessions, oidc, signIns, clientOf, logger }))
  app.route(
    '/console',
    activityRoutes({
      config,
      sessions,
      refresher,
      activity,
      identity: () => upstreamOf('identity'),
      traceparent: (c) => (c as Context<Env>).get('log')?.span.traceparent,
    }),
  )
  app.route(
    '/console',
    sessionRoutes({
      config,
      sessions,
      demoToken,
      demoLimiter,
      signIns,
      identity: () => upstreamOf('identity'),
      clientOf,
      ...(oidc ? { oidc } : {}),
      embeddingsSources: config.embedded.includes('inference') ? localCloud?.embeddingsSources : undefined,
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
    const found = await (c.env?.within?.session() ?? sessionOf({ config, sessions }, c.req.raw))
    const session = found && (await refresher.fresh(found))
    // Found but not fresh: the refresher ended it, the provider having refused to renew its token.
    if (!session) throw sessionEndedError(c.req.raw, config, Boolean(found))
    // A principal keeps many sessions (SESSIONS_PER_PRINCIPAL): each session's bound alone would let one token hold
    // thousands of requests here. The demo admin is everyone who tried the demo, each a visitor of their own.
    if (!c.env?.within && c.env?.outgoing && session.kind !== 'demo') {
      const release = perPrincipal.take(principalOf(session))
      if (!release)
        throw new ConsoleError(
          429,
          'too_many_requests',
          `Your sessions already have ${config.inFlightPerPrincipal} requests under way. Try again once they have answered.`,
          { 'Retry-After': '1' },
        )
      c.env.outgoing.once('close', release)
    }
    const { upstream, base } = upstreamOf(service)
    const path = raw.slice(match[0].length) || '/'
    const log = c.get('log')
    log.upstream = { service }
    const write = writeOf(service, c.req.method, path)
    const request = write && {
      session,
      service,
      method: c.req.method,
      path,
      traceId: log.span.traceId,
      traceparent: log.span.traceparent,
    }
    const begun = write && request ? await recorder.begin(write, request, { upstream, base }, c.req.raw) : undefined
    const clock = c.env?.within ? c.env.within.clock : upstreamClockOf(c.env?.incoming)
    const response = await proxyRequest(c.req.raw, {
      service,
      upstream: clock ? timedBy(clock, upstream) : upstream,
      requestId: log.id,
      traceparent: log.span.traceparent,
      base,
      displayBase: config.upstreams[service],
      pathAndQuery: path,
      token: session.token,
      timeoutMs: config.upstreamTimeoutMs,
    })
    log.upstream = { service, status: response.status }
    const failure = upstreamFailureOf(errorCodeOf(response))
    if (failure) metrics.upstreamFailure(service, failure)
    if (begun) {
      // Before the answer leaves: a write the user saw acknowledged is in the log (in Redis, or in the file). The
      // platform's answer goes out whatever happens here: the write was made, and its entry, kept before it was sent,
      // says "outcome unknown" when its outcome cannot be written.
      try {
        const recorded = await recorder.complete(begun, response)
        if (!recorded && response.status < 400)
          logger.warn({ traceId: begun.request.traceId }, 'activity: a write named no organization')
      } catch (error) {
        logger.error(
          { traceId: begun.request.traceId, err: (error as Error).message },
          "activity log unavailable: a write's outcome went unrecorded",
        )
      }
    }
    if (response.status === 401)
      return sessionVerdict(config, service, response, () =>
        identityVerdict(upstreamOf('identity'), session.token, config.upstreamTimeoutMs),
      )
    refreshCookie({ config, sessions }, session, response)
    if (response instanceof Response) return response
    return sendWhole(c, compressWhole(c.req.header('accept-encoding') ?? null, response, timer))
  })

  app.all('*', (c) => viaNode(c, spa))

  // Keeps the global Request and Response as they are: the console runs in-process in tests beside other code.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
  const shed = shedAtTheDoor({
    admission,
    turns,
    priorityOf,
    sessionCookie: sessionCookieName(config.secureCookies),
    headers,
    draining: () => draining,
    refused: (priority, reason) => metrics.refused(priority, reason),
  })

  return {
    sessions,
    activity,
    /** From SIGTERM on: readiness answers 503 and every answer closes its connection. */
    drain() {
      draining = true
    },
    refresher,
    /** The Node request listener: admission control at the door, then the app. */
    handle: (incoming: IncomingMessage, outgoing: ServerResponse) => shed(incoming, outgoing, listener),
    /** Called once listening, so loopback calls use the real port (tests listen on port 0). */
    setLoopbackPort(listening: number) {
      port = listening
    },
  }
}

/**
 * An upstream's 401: the session has ended when the credential is refused: by the identity API that issued it, or by
 * another service when the identity API refuses it too. A service that refuses what the identity API still accepts
 * (its token validation is broken) refuses that call alone, named, and the session goes on; so does one that never
 * could accept it (the embedded local cloud beside the platform's identity service), in words that name the setting.
 */
async function sessionVerdict(
  config: ConsoleConfig,
  service: Service,
  response: Response | WholeAnswer,
  identityAccepts: () => Promise<'accepted' | 'refused' | 'unknown'>,
): Promise<Response> {
  if (!sharesCredential(config, service)) {
    if (response instanceof Response) void response.body?.cancel().catch(() => undefined)
    return errorResponse(401, 'access_denied', foreignCredentialMessage(config, service))
  }
  const verdict = service === 'identity' ? 'refused' : await identityAccepts()
  if (verdict !== 'refused') {
    const said = await platformErrorOf(response)
    return jsonResponse(401, {
      error: 'access_denied',
      error_description: oneServiceRefusedMessage(config, service, said.description, verdict),
      ...(said.traceId ? { trace_id: said.traceId } : {}),
    })
  }
  const answer = response instanceof Response ? response : new Response(response.body as BodyInit | null, response)
  // Tells the SPA that this 401 ends the session. Any other 401 is one service refusing one call, shown where it was made.
  answer.headers.set('x-console-session', 'ended')
  return answer
}

/** The platform's words and trace id in an error answer, where it gave them. */
async function platformErrorOf(response: Response | WholeAnswer): Promise<{ description?: string; traceId?: string }> {
  try {
    const text =
      response instanceof Response ? await response.text() : new TextDecoder().decode(response.body ?? undefined)
    const body = JSON.parse(text) as { error_description?: unknown; trace_id?: unknown }
    const word = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
    return { description: word(body.error_description), traceId: word(body.trace_id) }
  } catch {
    return {}
  }
}

/**
 * What the load balancer in front says about the browser's side, trusted only with TRUST_PROXY: whether it used
 * https, and its address (the last X-Forwarded-For entry, the one the nearest proxy added; earlier ones the client
 * could have written).
 */
function forwardedFacts(headers: Headers): { https: boolean; client?: string } {
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  const client = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
  return { https: proto === 'https', client: client || undefined }
}

function secureCookies(headers: Headers) {
  const cookies = headers.getSetCookie()
  if (!cookies.some((cookie) => !/;\s*Secure\b/i.test(cookie))) return
  headers.delete('set-cookie')
  for (const cookie of cookies)
    headers.append('set-cookie', /;\s*Secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`)
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

/**
 * Writes a whole answer straight to Node's response, without a web Response for the adapter to read back (most of
 * the proxy's cost for a small answer). The security headers already set on it stay: no passed header may replace one.
 */
function sendWhole(c: Context<Env>, answer: WholeAnswer): Response {
  const outgoing = c.env?.outgoing
  const within = c.env?.within
  if (within) {
    within.whole = answer
    return RESPONSE_ALREADY_SENT
  }
  if (!outgoing) return new Response(answer.body as Uint8Array<ArrayBuffer> | null, answer)
  const headers: Record<string, string | string[]> = {}
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !outgoing.hasHeader(name)) headers[name] = value
  })
  const cookies = answer.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  outgoing.writeHead(answer.status, headers)
  outgoing.end(answer.body ?? undefined)
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

/**
 * What admission control makes of a request (admission.ts); undefined for what it leaves alone: the probes and
 * metrics, the SPA's files, and the embedded local cloud (the platform's stand-in, asked by other replicas too).
 */
function priorityOf(method: string, path: string, asked: string | undefined): Priority | undefined {
  const read = method === 'GET' || method === 'HEAD'
  const background = asked === 'background' ? 'background' : 'page'
  if (path.startsWith('/api/')) return read ? background : 'essential'
  if (path === '/console/bootstrap') return 'page'
  if (path === '/console/activity' && read) return background
  if (path.startsWith('/console/')) return 'essential'
  return undefined
}

/** The upstream, its calls kept on the request's clock from sending to the answer's headers. */
const timedBy =
  (clock: UpstreamClock, upstream: Upstream): Upstream =>
  async (request) => {
    const answered = clock.awaiting()
    try {
      return await upstream(request)
    } finally {
      answered()
    }
  }
