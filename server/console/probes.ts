import { Hono } from 'hono'
import { jsonResponse } from './errors.ts'
import type { SessionStore } from './sessions.ts'

export interface ProbeDeps {
  sessions: SessionStore
  /** Whether the single-page app can be served (its built index.html is there). */
  spaPresent: () => boolean
  /** True once SIGTERM arrived: the load balancer should stop sending new requests. */
  draining: () => boolean
}

/**
 * Load-balancer probes, outside sessions and CSRF. They say which check failed and nothing else: no versions, hosts
 * or addresses.
 */
export function probeRoutes(deps: ProbeDeps) {
  const probes = new Hono()
  probes.get('/healthz', () => jsonResponse(200, { ok: true }))
  probes.get('/readyz', async () => {
    const checks = {
      sessionStore: await deps.sessions.ready(),
      spa: deps.spaPresent(),
      accepting: !deps.draining(),
    }
    const ok = Object.values(checks).every(Boolean)
    return jsonResponse(ok ? 200 : 503, { ok, checks })
  })
  return probes
}
