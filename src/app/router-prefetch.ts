import type { QueryClient } from '@tanstack/react-query'
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { sessionQuery } from '../api/session'

/**
 * Starts, from the entry, what the opened URL will wait for, instead of one step after another: the session check
 * and the page's chunks at once; once signed in, the scope check every page loader begins with (organizations, then
 * projects and regions), without waiting for the page's chunk; once that chunk is in, the page's own loader. The router, created once the session answers, runs the same loaders and finds the
 * queries already fetched or in flight. A failure here is left for the router's own run to show.
 */
export function prefetchUrl(queryClient: QueryClient, routes: RouteObject[], url: URL): void {
  const session = queryClient.prefetchQuery(sessionQuery())
  const signedIn = () => Boolean(queryClient.getQueryData(sessionQuery().queryKey))
  const matches = matchRoutes(routes, url.pathname) ?? []
  if (!matches.some(({ route }) => route.lazy)) return
  // Its own small chunk, which every page chunk shares: the entry stays what the session check needs.
  const scopeLoader = import('../lib/scope-loader')
  void Promise.all([scopeLoader, session])
    .then(([{ ensureScope }]) => (signedIn() ? ensureScope(queryClient) : undefined))
    .catch(() => undefined)
  for (const { route, params } of matches) {
    if (typeof route.lazy !== 'function') continue
    const resolved = route.lazy()
    void Promise.all([resolved, session])
      .then(([{ loader }]) => {
        if (typeof loader !== 'function' || !signedIn()) return
        const args = { request: new Request(url), params, context: undefined } as LoaderFunctionArgs
        return loader(args)
      })
      .catch(() => undefined)
  }
}
