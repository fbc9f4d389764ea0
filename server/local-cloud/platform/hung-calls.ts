// A test hook (LOCAL_CLOUD_TEST_HOOKS=true): one operation of one service that never answers, for one caller only,
// as a platform service that hangs would. The e2e tests run in parallel against one local cloud, so a hang is not
// switched on for everyone: asking for one mints a bearer token of its own (the demo organization's admin), and only
// that token's calls of the operation are held, until the caller gives up (the console's deadline, or the browser
// leaving).

import { Hono, type MiddlewareHandler } from 'hono'
import { bearerToken, newToken, type Principal, type TokenLookup } from './auth.ts'

interface Hang {
  method: string
  /** The path under /local, e.g. /region/api/v2/networks (any query). */
  path: string
}

export class HungCalls {
  private readonly hangs = new Map<string, Hang>()

  constructor(private readonly principal: Principal) {}

  /** The hook's tokens speak for the demo organization's admin. */
  readonly lookup: TokenLookup = (token) => (this.hangs.has(token) ? this.principal : null)

  /**
   * Holds a call the hook hangs until its caller goes away. The answer then reaches no one (the console has answered
   * its own 504, or the browser has left): nginx's 499, "client closed request", says so in the local cloud's log.
   */
  readonly hold: MiddlewareHandler = async (c, next) => {
    const hang = this.hangs.get(bearerToken(c.req.header('authorization')) ?? '')
    if (!hang || c.req.method !== hang.method || c.req.path !== `/local${hang.path}`) return next()
    const signal = c.req.raw.signal
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve()
      else signal.addEventListener('abort', () => resolve(), { once: true })
    })
    return new Response(null, { status: 499 })
  }

  /** POST /local/testing/hang {"method": "GET", "path": "/region/api/v2/networks"} → 201 {"token": …}. */
  routes(): Hono {
    const routes = new Hono()
    routes.post('/hang', async (c) => {
      const body = (await c.req.json().catch(() => null)) as Partial<Hang> | null
      if (typeof body?.method !== 'string' || typeof body.path !== 'string' || !body.path.startsWith('/'))
        return c.json(
          { error: 'invalid_request', error_description: 'method and path (under /local) are required' },
          400,
        )
      const token = newToken('hang')
      this.hangs.set(token, { method: body.method.toUpperCase(), path: body.path })
      return c.json({ token }, 201)
    })
    return routes
  }
}
