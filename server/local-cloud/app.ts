import type { IncomingMessage, ServerResponse } from 'node:http'
import { bearerToken, type Authenticator } from './auth.ts'
import type { Handler } from './context.ts'
import { readJsonBody } from './http/body.ts'
import { ApiError, newTraceId, sendJson, sendPlatformError, sendRawJson } from './http/errors.ts'
import type { Router } from './http/router.ts'
import { checkPathIds } from './regional/scope.ts'
import { regionalRouter } from './regional/routes.ts'
import { identityRouter } from './identity/routes.ts'
import { aiproxyRouter } from './aiproxy.ts'
import { handleInference } from './inference-route.ts'
import type { Store } from './store/store.ts'

export interface AppSettings {
  provisionMs: number
  latencyMs: number
  failureRate: number
}

interface PlatformService {
  router: Router<Handler>
  /** The regional API constrains its path ids; the identity API does not. */
  strictIds: boolean
}

/** The request handler for everything under /local/: picks the service, applies the knobs, auth, routing. */
export function createApp(store: Store, auth: Authenticator, settings: AppSettings) {
  const services: Record<string, PlatformService> = {
    region: { router: regionalRouter(), strictIds: true },
    identity: { router: identityRouter(), strictIds: false },
    aiproxy: { router: aiproxyRouter(), strictIds: false },
  }

  async function handlePlatform(
    req: IncomingMessage,
    res: ServerResponse,
    service: PlatformService,
    pathname: string,
    query: URLSearchParams,
  ): Promise<void> {
    const traceId = newTraceId()
    try {
      if (settings.failureRate > 0 && Math.random() < settings.failureRate) {
        throw new ApiError('temporarily_unavailable', 'the service is temporarily unavailable; retry the request')
      }
      const { handler, params } = service.router.match(req.method ?? 'GET', pathname)
      const now = Date.now()
      const principal = auth.authenticate(bearerToken(req), now)
      if (!principal)
        throw new ApiError('access_denied', 'authentication failed: a valid bearer token is required', {
          'WWW-Authenticate': 'Bearer',
        })
      if (service.strictIds) checkPathIds(params)
      store.sweep(now)
      const reply = await handler({
        req,
        params,
        query,
        principal,
        now,
        store,
        provisionMs: settings.provisionMs,
        body: () => readJsonBody(req),
      })
      if (req.method !== 'GET' && req.method !== 'HEAD') await store.commit()
      if (reply.json !== undefined) sendRawJson(res, reply.status, reply.json)
      else sendJson(res, reply.status, reply.body)
    } catch (error) {
      if (error instanceof ApiError) return sendPlatformError(res, error, traceId)
      console.error(`local cloud: unexpected failure (trace ${traceId})`, error)
      sendPlatformError(res, new ApiError('server_error', 'an unexpected error occurred'), traceId)
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs))
    const rawUrl = req.url ?? '/'
    const queryStart = rawUrl.indexOf('?')
    const pathname = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart)
    const query = new URLSearchParams(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1))
    const match = /^\/local\/([a-z]+)(\/.*)?$/.exec(pathname)
    if (match?.[1] === 'inference') return handleInference(req, res, match[2] ?? '/', auth, settings.failureRate)
    const service = match ? services[match[1] ?? ''] : undefined
    if (!match || !service) {
      return sendPlatformError(
        res,
        new ApiError(
          'not_found',
          'no such service; the local cloud serves /local/region, /local/identity, /local/aiproxy and /local/inference',
        ),
        newTraceId(),
      )
    }
    await handlePlatform(req, res, service, match[2] ?? '/', query)
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse): void {
      handle(req, res).catch((error: unknown) => {
        console.error('local cloud: request failed', error)
        if (!res.headersSent)
          sendPlatformError(res, new ApiError('server_error', 'an unexpected error occurred'), newTraceId())
      })
    },
  }
}
