import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import { bearerToken, type Authenticator } from './auth.ts'
import { readJsonBody } from './body.ts'
import type { Reply, RequestContext, Route } from './context.ts'
import { CloudError, forbidden, notFound, platformErrorBody } from './errors.ts'
import type { ListCache } from './list-cache.ts'
import { checkPathParams, type PathParams } from './path-params.ts'
import { authorize } from './permissions.ts'
import { isRequirement } from './requirement.ts'
import type { Store } from './store/store.ts'
import { traceIdOf } from './tracing.ts'
import { parseBody } from './validate.ts'

interface ServiceSettings {
  provisionMs: number
  failureRate: number
}

export interface ServiceDeps {
  store: Store
  auth: Authenticator
  listCache: ListCache
  settings: ServiceSettings
}

const encoder = new TextEncoder()

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }

/** A JSON answer from already serialized text; no body (and no content type) when `json` is undefined. */
export function jsonText(
  c: Context,
  status: number,
  json: string | Uint8Array<ArrayBuffer> | undefined,
  headers: Record<string, string> = {},
): Response {
  const all = json === undefined ? { ...headers, 'Cache-Control': 'no-store' } : { ...headers, ...JSON_HEADERS }
  if (json === undefined) return c.body(null, status as StatusCode, all)
  if (typeof json === 'string' || json.byteLength < STREAMED_BYTES)
    return c.body(json, status as ContentfulStatusCode, all)
  return c.body(asStream(json), status as ContentfulStatusCode, { ...all, 'Content-Length': String(json.byteLength) })
}

/**
 * A Response copies a byte body it is given (undici's extractBody slices its buffer), but not a stream's chunks. A
 * large list (cached: list-cache.ts) goes out as a stream of its one buffer, shared by every answer that reads it,
 * which only ever read it: that copy, with the garbage collection it brought, cost the server CPU at every page load
 * of a large list.
 */
const STREAMED_BYTES = 64 * 1024

const asStream = (bytes: Uint8Array<ArrayBuffer>) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })

export function platformError(c: Context, error: unknown): Response {
  const traceId = traceIdOf(c)
  if (!(error instanceof CloudError)) {
    console.error(`local cloud: unexpected failure (trace ${traceId})`, error)
    error = new CloudError('server_error', 'an unexpected error occurred')
  }
  const known = error as CloudError
  return jsonText(c, known.status, JSON.stringify(platformErrorBody(known, traceId)), known.headers)
}

/** Methods are echoed in messages only when they look like a method token. */
const safeMethod = (method: string) => (/^[A-Z]{1,16}$/.test(method) ? method : 'this')

/**
 * A route that declares no requirement (only possible around the types) is a mistake: outside production the
 * service refuses to start with it, and in production it answers 403 to everyone rather than letting any caller in.
 */
function checkDeclared(routes: readonly Route[]): void {
  if (process.env.NODE_ENV === 'production') return
  const undeclared = routes.filter((r) => !isRequirement(r.needs)).map((r) => `${r.method} ${r.path}`)
  if (undeclared.length > 0) {
    throw new Error(
      `local cloud: these routes declare no permission (see platform/requirement.ts): ${undeclared.join(', ')}`,
    )
  }
}

const undeclared = (c: Context, r: Route): Response => {
  console.error(`local cloud: ${r.method} ${r.path} declares no permission; refused`)
  return platformError(c, forbidden('this operation declares no permission, so no one may call it'))
}

/**
 * One platform service (region, identity, aiproxy) as a Hono app: its routes, then for each path a 405 with
 * `Allow` for the other methods, then 404 for any other path, every failure in the platform's error body.
 * A matched route authenticates, checks the path parameters against the service's document, runs the handler, makes
 * a change durable before answering it, and answers lists from the list cache while they are unchanged.
 */
export function platformService(
  routes: readonly Route[],
  deps: ServiceDeps,
  options: { pathParams: PathParams },
): Hono {
  const { store, auth, listCache, settings } = deps
  checkDeclared(routes)
  const app = new Hono({ strict: false })
  app.onError((error, c) => platformError(c, error))
  app.use('*', async (_c, next) => {
    if (settings.failureRate > 0 && Math.random() < settings.failureRate) {
      throw new CloudError('temporarily_unavailable', 'the service is temporarily unavailable; retry the request')
    }
    await next()
  })

  async function run(c: Context, route: Route): Promise<Response> {
    const now = Date.now()
    const principal = auth.authenticate(bearerToken(c.req.header('authorization')), now)
    if (!principal) {
      throw new CloudError('access_denied', 'authentication failed: a valid bearer token is required', {
        'WWW-Authenticate': 'Bearer',
      })
    }
    const params = c.req.param() as Record<string, string>
    checkPathParams(params, options.pathParams)
    const permitted = authorize(store, principal, route.needs, params)
    store.sweep(now)
    const url = new URL(c.req.url)
    const cacheKey =
      route.method === 'GET' ? `${principal.subject}@${principal.organizationId} ${url.pathname}${url.search}` : ''
    const cached = cacheKey ? listCache.get(cacheKey, store.version, now) : undefined
    if (cached !== undefined) return jsonText(c, 200, cached)
    const ctx: RequestContext = {
      url: c.req.url,
      params,
      query: url.searchParams,
      principal,
      now,
      store,
      provisionMs: settings.provisionMs,
      header: (name) => c.req.header(name),
      body: async (schema) => permitted(parseBody(schema, await readJsonBody(c.req.raw))),
    }
    let reply: Reply
    const before = store.version
    try {
      reply = await route.handler(ctx)
    } finally {
      // A change is answered only once it is on disk (a read may make one: an old instance's first SSH key).
      if (route.method !== 'GET' || store.version !== before) await store.commit()
    }
    if (reply.body === undefined) return jsonText(c, reply.status, undefined, reply.headers)
    const json = encoder.encode(JSON.stringify(reply.body))
    if (cacheKey && reply.validUntil !== undefined && reply.status === 200) {
      listCache.set(cacheKey, store.version, reply.validUntil, json)
    }
    return jsonText(c, reply.status, json, reply.headers)
  }

  const byPath = new Map<string, Route[]>()
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r])
  for (const [path, onPath] of byPath) {
    for (const r of onPath) app.on(r.method, path, (c) => (isRequirement(r.needs) ? run(c, r) : undeclared(c, r)))
    const allow = onPath.map((r) => r.method).join(', ')
    app.all(path, (c) => {
      throw new CloudError(
        'method_not_allowed',
        `method ${safeMethod(c.req.method)} is not allowed on this path; allowed: ${allow}`,
        { Allow: allow },
      )
    })
  }
  app.all('*', () => {
    throw notFound('no such endpoint')
  })
  return app
}
