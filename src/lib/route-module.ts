import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import type { LoaderFunctionArgs, Params, ShouldRevalidateFunction } from 'react-router'

/** What the breadcrumb trail reads from each matched route. */
export interface RouteHandle {
  crumb?: (params: Params) => ReactNode
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
