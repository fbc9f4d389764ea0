import { Hono } from 'hono'
import type { Authenticator } from './platform/auth.ts'
import { CloudError } from './platform/errors.ts'
import type { HungCalls } from './platform/hung-calls.ts'
import { ListCache } from './platform/list-cache.ts'
import { platformError, platformService, type ServiceDeps } from './platform/service.ts'
import { traceRequests, type RequestLine } from './platform/tracing.ts'
import type { Store } from './platform/store/store.ts'
import { aiproxyRoutes } from './services/aiproxy/endpoints.ts'
import { identityRoutes } from './services/identity/routes.ts'
import type { EmbeddingVectors } from './services/inference/embeddings-worker.ts'
import { inferenceService } from './services/inference/routes.ts'
import { nksPathParams, nksRoutes } from './services/nks/routes.ts'
import { consolePage } from './services/regional/console-page.ts'
import { computeRoutes, regionalRoutes } from './services/regional/routes.ts'
import { reservationPathParams, reservationServiceRoutes } from './services/reservation/routes.ts'
import { storagePathParams, storageRoutes } from './services/storage/routes.ts'

export interface AppSettings {
  provisionMs: number
  latencyMs: number
  failureRate: number
  embeddings: EmbeddingVectors
  log?: (line: RequestLine) => void
  /** LOCAL_CLOUD_TEST_HOOKS: calls held unanswered for the e2e tests, and /local/testing/hang to ask for one. */
  hungCalls?: HungCalls
}

/**
 * The platform services under /local/, each route declaring what its caller needs (`platform/requirement.ts`);
 * `app.test.ts` walks every route the app registers against these.
 */
export const PLATFORM_SERVICES = [
  // region v1.20.0, compute v1.17.0 and identity v1.18.0 type their ids `format: uuid`, which kin-openapi does not
  // check unless a server registers it (v1.13.0's regional ids were Kubernetes names, checked by their pattern).
  { base: '/local/region', routes: regionalRoutes, pathParams: {} },
  { base: '/local/compute', routes: computeRoutes, pathParams: {} },
  { base: '/local/identity', routes: identityRoutes, pathParams: {} },
  { base: '/local/aiproxy', routes: aiproxyRoutes, pathParams: {} },
  { base: '/local/reservation', routes: reservationServiceRoutes, pathParams: reservationPathParams },
  { base: '/local/storage', routes: storageRoutes, pathParams: storagePathParams },
  { base: '/local/nks', routes: nksRoutes, pathParams: nksPathParams },
] as const

/**
 * The only routes no role governs: the inference service takes any valid identity token, as the platform's does, and
 * a console session's page is opened in a browser tab with the token in its path as its credential. (The OpenID
 * provider's pages are a separate Node app beside these, served by `LocalCloud.handle`.)
 */
export const PUBLIC_ROUTES = ['POST /local/inference/v1/embeddings', 'GET /local/compute/console/:token'] as const

/** Everything under /local/: the six services, behind the latency knob; any other path is 404. */
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
  if (settings.hungCalls) {
    app.use('*', settings.hungCalls.hold)
    app.route('/local/testing', settings.hungCalls.routes())
  }
  // The console sessions' pages are the compute host's, for a browser tab: the token in the path is their credential.
  app.get('/local/compute/console/:token', consolePage(store, settings.provisionMs))
  for (const { base, routes, pathParams } of PLATFORM_SERVICES) {
    app.route(base, platformService(routes, deps, { pathParams }))
  }
  app.route('/local/inference', inferenceService(auth, settings.failureRate, settings.embeddings))
  app.notFound((c) =>
    platformError(
      c,
      new CloudError(
        'not_found',
        'no such service; the local cloud serves /local/region, /local/compute, /local/identity, /local/aiproxy, /local/reservation, /local/storage, /local/inference and /local/nks',
      ),
    ),
  )
  app.onError((error, c) => platformError(c, error))
  return app
}
