import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import { data, type LoaderFunctionArgs, type Params, type ShouldRevalidateFunction } from 'react-router'
import type { Scope } from './scope'
import { ensureScope } from './scope-loader'

/** What the breadcrumb trail reads from each matched route. */
export interface RouteHandle {
  crumb?: (params: Params) => ReactNode
  /**
   * The page's project and region filters live in its URL (a regional list's, from `listRoute`): there the URL is the
   * scope, which the header's pickers show and write, so the header and the list's own filters cannot disagree.
   */
  scopeInUrl?: true
}

/**
 * The shape of every lazily loaded page module. The loader is a factory so the app binds it to its
 * query client (tests bind a fresh one); it prefetches the page's primary data into the cache.
 */
export interface RouteModule {
  Component: ComponentType
  loader?: (queryClient: QueryClient) => (args: LoaderFunctionArgs) => Promise<unknown>
  handle?: RouteHandle
  /** Lets a list skip its loader when only browser-side state (search text, sort) changed in the URL. */
  shouldRevalidate?: ShouldRevalidateFunction
}

interface PageContext {
  params: Params
  url: URL
  scope: Scope
}

/** A page's loader: the stored scope checked against what exists, then the page's own data. */
function pageRoute(load: (queryClient: QueryClient, page: PageContext) => Promise<unknown>) {
  return {
    loader:
      (queryClient: QueryClient) =>
      async ({ params, request }: LoaderFunctionArgs) => {
        const scope = await ensureScope(queryClient)
        await load(queryClient, { params, url: new URL(request.url), scope })
        return null
      },
  }
}

/**
 * The loader of a regional resource's page, which names the resource by id: its data is fetched beside the scope
 * check rather than after it, since the id alone says what to ask for.
 */
export function resourceRoute(load: (queryClient: QueryClient, params: Params) => Promise<unknown>) {
  return {
    loader:
      (queryClient: QueryClient) =>
      async ({ params }: LoaderFunctionArgs) => {
        await Promise.all([ensureScope(queryClient), load(queryClient, params)])
        return null
      },
  }
}

/** The loader of a page within the chosen organization (identity pages): without one there is nothing to show. */
export function scopedRoute(
  load: (queryClient: QueryClient, page: PageContext & { organizationID: string }) => Promise<unknown>,
) {
  return pageRoute((queryClient, page) => {
    const organizationID = page.scope.organizationId
    if (!organizationID) throw data('Choose an organization first.', { status: 404 })
    return load(queryClient, { ...page, organizationID })
  })
}

/**
 * shouldRevalidate of a page whose URL search is browser-side state (search text, sort, a catalog's filters and
 * view): a change of only those keys (of any key, when none are named) does not run the loader again.
 */
export function browserSideSearch(keys?: readonly string[]): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
    if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
    if (!keys) return false
    const rest = (url: URL) => {
      const search = new URLSearchParams(url.search)
      for (const key of keys) search.delete(key)
      search.sort()
      return search.toString()
    }
    return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate
  }
}
