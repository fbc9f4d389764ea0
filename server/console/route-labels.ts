import { SERVICES } from '../config.ts'
import { isParameter, matchRoute } from './declared-routes.ts'

/** What a request the console declares no route for is counted and logged as. */
export const UNMATCHED = 'unmatched'

/**
 * The route a request is counted and logged under, only ever a route the console declares, never text of the
 * request's own: the proxied API's are the SPA's endpoint tables' (`/api/region/api/v2/networks/:id`, a parameter
 * named for an id as `:id`), the console's own are its routes with no wildcard (`/console/session`, `/metrics`), the
 * embedded cloud is `/local/*`, the SPA's pages `/*` and its files `/assets/*`. Anything else is `unmatched`, so no
 * client can grow the set of labels, and no label holds an id, a user or a token.
 */
export class RouteLabels {
  private own?: Set<string>

  /** `routes`: the app's routes once all are declared (Hono's `app.routes`), read at the first request. */
  constructor(private readonly routes: () => readonly { path: string }[]) {}

  of(target: string): string {
    const query = target.indexOf('?')
    const path = query < 0 ? target : target.slice(0, query)
    this.own ??= new Set(
      this.routes()
        .map((route) => route.path)
        .filter((route) => !route.includes('*')),
    )
    if (this.own.has(path)) return path
    if (path.startsWith('/api/')) return apiLabel(path) ?? UNMATCHED
    if (path.startsWith('/local/')) return '/local/*'
    if (path.startsWith('/console/') || path === '/console' || path.startsWith('/api')) return UNMATCHED
    return path.startsWith('/assets/') ? '/assets/*' : '/*'
  }
}

function apiLabel(path: string): string | undefined {
  const [service, ...segments] = path.slice('/api/'.length).split('/')
  if (!SERVICES.includes(service as (typeof SERVICES)[number])) return undefined
  let decoded: string[]
  try {
    decoded = segments.filter(Boolean).map((segment) => decodeURIComponent(segment))
  } catch {
    return undefined
  }
  const match = matchRoute(service!, undefined, decoded)
  if (!match) return undefined
  const template = match.route.segments.map((segment) =>
    isParameter(segment) && /ID$/.test(segment) ? ':id' : segment,
  )
  return `/api/${service}/${template.join('/')}`
}
