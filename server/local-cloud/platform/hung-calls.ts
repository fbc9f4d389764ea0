// Test hooks (LOCAL_CLOUD_TEST_HOOKS=true) that mint a caller of a test's own: operations that never answer, for one
// caller only, as a platform service that hangs would; and a plain caller, whom answer-next (test-hooks.ts) answers. The e2e tests run in parallel against one local cloud, so a hang is not
// switched on for everyone: asking for one (with the admin token, test-hooks.ts) mints a bearer token of its own (the
// demo organization's admin), and only that token's calls of those operations are held, until the caller gives up
// (the console's deadline, or the browser leaving).

import { Hono, type MiddlewareHandler } from 'hono'
import { bearerToken, newToken, type Principal, type TokenLookup } from './auth.ts'
import { notAPlainPath, refusedHook } from './test-hooks.ts'

interface Hang {
  method: string
  /** The full pathname, e.g. /local/region/api/v2/networks (any query). */
  path: string
}

export class HungCalls {
  private readonly hangs = new Map<string, Hang[]>()

  constructor(
    private readonly principal: Principal,
    private readonly isAdmin: (authorization: string | undefined) => boolean,
  ) {}

  /** The hook's tokens speak for the demo organization's admin. */
  readonly lookup: TokenLookup = (token) => (this.hangs.has(token) ? this.principal : null)

  /**
   * Holds a call the hook hangs until its caller goes away. The answer then reaches no one (the console has answered
   * its own 504, or the browser has left): nginx's 499, "client closed request", says so in the local cloud's log.
   */
  readonly hold: MiddlewareHandler = async (c, next) => {
    const hangs = this.hangs.get(bearerToken(c.req.header('authorization')) ?? '') ?? []
    if (!hangs.some((hang) => c.req.method === hang.method && c.req.path === hang.path)) return next()
    const signal = c.req.raw.signal
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve()
      else signal.addEventListener('abort', () => resolve(), { once: true })
    })
    return new Response(null, { status: 499 })
  }

  /** POST /local/testing/hang {"calls": [{"method": "GET", "path": "/local/region/api/v2/networks"}]} → 201 {"token": …}. */
  routes(): Hono {
    const routes = new Hono()
    // POST /local/testing/caller → 201 {"token": …}: a token of the demo organization's admin that no other test
    // holds, so that the answers one test injects (answer-next) reach that test alone.
    routes.post('/caller', (c) => {
      if (!this.isAdmin(c.req.header('authorization'))) return refusedHook()
      const token = newToken('caller')
      this.hangs.set(token, [])
      return c.json({ token }, 201)
    })
    routes.post('/hang', async (c) => {
      if (!this.isAdmin(c.req.header('authorization'))) return refusedHook()
      const body = (await c.req.json().catch(() => null)) as { calls?: Partial<Hang>[] } | null
      const calls = Array.isArray(body?.calls) ? body.calls : []
      const problem =
        calls.length === 0 || calls.some((call) => typeof call.method !== 'string')
          ? 'calls: a list of {method, path} is required'
          : calls.map((call) => notAPlainPath(call.path)).find(Boolean)
      if (problem) return c.json({ error: 'invalid_request', error_description: problem }, 400)
      const token = newToken('hang')
      this.hangs.set(
        token,
        (calls as Hang[]).map((call) => ({ method: call.method.toUpperCase(), path: call.path })),
      )
      return c.json({ token }, 201)
    })
    return routes
  }
}
