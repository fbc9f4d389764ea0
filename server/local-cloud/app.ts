import { Hono } from 'hono'
import type { Authenticator } from './platform/auth.ts'
import { ApiError } from './platform/errors.ts'
import { ListCache } from './platform/list-cache.ts'
import { platformError, platformService, type ServiceDeps } from './platform/service.ts'
import { traceRequests, type RequestLine } from './platform/tracing.ts'
import type { Store } from './platform/store/store.ts'
import { aiproxyRoutes } from './services/aiproxy/endpoints.ts'
import { identityRoutes } from './services/identity/routes.ts'
import { inferenceService } from './services/inference/routes.ts'
import { computeRoutes, regionalRoutes } from './services/regional/routes.ts'

export interface AppSettings {
  provisionMs: number
  latencyMs: number
  failureRate: number
  log?: (line: RequestLine) => void
}

/** Everything under /local/: the five services, behind the latency knob; any other path is 404. */
export function createApp(store: Store, auth: Authenticator, settings: AppSettings): Hono {
  const deps: ServiceDeps = { store, auth, listCache: new ListCache(), settings }
  const app = new Hono({ strict: false })
  app.use('*', traceRequests(settings.log))
  if (settings.latencyMs > 0) {
    app.use('*', async (_c, next) => {
      await new Promise((resolve) => setTimeout(resolve, settings.latencyMs))
      await next()
    })
  }
  app.route('/local/region', platformService(regionalRoutes, deps, { strictIds: true }))
  app.route('/local/compute', platformService(computeRoutes, deps, { strictIds: true }))
  app.route('/local/identity', platformService(identityRoutes, deps, { strictIds: false }))
  app.route('/local/aiproxy', platformService(aiproxyRoutes, deps, { strictIds: false }))
  app.route('/local/inference', inferenceService(auth, settings.failureRate))
  app.notFound((c) =>
    platformError(
      c,
      new ApiError(
        'not_found',
        'no such service; the local cloud serves /local/region, /local/compute, /local/identity, /local/aiproxy and /local/inference',
      ),
    ),
  )
  app.onError((error, c) => platformError(c, error))
  return app
}
