import { Center } from '../components/mantine/Center'
import { Loader } from '../components/mantine/Loader'
import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { createVerb, navLabel, resources, type Resource } from '../lib/resources'
import { pageModuleFile, pageParam } from '../lib/page-modules'
import type { RouteModule } from '../lib/route-module'
import { NotFoundPage } from './pages/NotFoundPage'
import { RouteErrorBoundary } from './pages/RouteErrorBoundary'

// The shell (the layout and the list page) is a chunk of its own, which index.html preloads beside the entry
// (vite.config.ts): the entry stays what the session check needs.
const AppLayout = lazy(() => import('./shell/AppLayout').then((m) => ({ default: m.AppLayout })))

/**
 * The layout paints as soon as its chunk is in, before the first page's code and data, which it shows a spinner in
 * place of: not a lazy route, which React Router would hold back, with everything beneath it, until the page's
 * loader is done. Until then, the same spinner as the session check before it.
 */
function Shell() {
  return (
    <Suspense
      fallback={
        <Center mih="100vh">
          <Loader aria-label="Loading the console" />
        </Center>
      }
    >
      <AppLayout />
    </Suspense>
  )
}

/** What the layout shows while the first page's code and data load: the same spinner as a later page's. */
function FirstPageLoad() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  )
}

/** A lazily loaded page: its own chunk, its loader bound to the app's query client. */
function page(load: () => Promise<RouteModule>, queryClient: QueryClient): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load()
      return {
        Component: module.Component,
        loader: module.loader?.(queryClient),
        // Not when undefined: a handle the route declares itself (a create page's crumb) would draw React Router's
        // warning that the lazy one is ignored.
        ...(module.handle ? { handle: module.handle } : {}),
        shouldRevalidate: module.shouldRevalidate,
      }
    },
  }
}

// Each a chunk of its own, loaded when its page opens.
const routeModules = import.meta.glob<RouteModule>('/src/features/*/routes/*Route.tsx')

/**
 * The pages of a resource with a page per item, from its row: `/networks` lists (`NetworkListRoute`), `/networks/new`
 * creates (`NetworkCreateRoute`, where the row has `create`), `/networks/:networkId` shows one (`NetworkDetailRoute`)
 * and `/networks/:networkId/edit` edits it (`NetworkEditRoute`, where the row has `edit`), each module in
 * `features/networks/routes/`, the folder named as the row's `path`, the modules and the parameter after `singular`.
 * The row and the folder must agree, since the path builders (`lib/paths.ts`) offer what the row says: a module the
 * row asks for and the folder lacks, or one the folder has and the row does not ask for, stops the console from
 * starting.
 */
export function resourcePages(rows: readonly Resource[], queryClient: QueryClient): RouteObject[] {
  return rows.flatMap((resource) => {
    if (!resource.page) return []
    const param = `:${pageParam(resource)}`
    const pages = [
      { index: true, kind: 'List', asked: true },
      // Its crumb here, not in the lazy module: the layout shows it from the first render of the page.
      { path: 'new', kind: 'Create', asked: Boolean(resource.create), handle: { crumb: () => createVerb(resource) } },
      { path: param, kind: 'Detail', asked: true },
      { path: `${param}/edit`, kind: 'Edit', asked: Boolean(resource.edit) },
    ] as const
    const children = pages.flatMap(({ kind, asked, ...route }) => {
      const file = pageModuleFile(resource, kind)
      const load = routeModules[file]
      if (!load && asked) throw new Error(`${navLabel(resource)}: the row asks for ${file}, which does not exist`)
      if (load && !asked) throw new Error(`${navLabel(resource)}: ${file} exists, and the row does not ask for it`)
      return load ? [{ ...route, ...page(load, queryClient) }] : []
    })
    return [{ path: resource.path, handle: { crumb: () => navLabel(resource) }, children }]
  })
}

export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          ErrorBoundary: RouteErrorBoundary,
          // Rendered in the layout's outlet while the first page loads (later pages show the layout's own spinner).
          HydrateFallback: FirstPageLoad,
          children: [
            {
              index: true,
              handle: { crumb: () => 'Overview' },
              ...page(() => import('../features/overview/routes/OverviewRoute'), queryClient),
            },
            {
              path: 'activity',
              handle: { crumb: () => 'Activity' },
              ...page(() => import('../features/activity/routes/ActivityRoute'), queryClient),
            },
            {
              path: 'models',
              handle: { crumb: () => 'Model catalog' },
              ...page(() => import('../features/models/routes/ModelCatalogRoute'), queryClient),
            },
            {
              path: 'playground',
              handle: { crumb: () => 'Embeddings playground' },
              ...page(() => import('../features/playground/routes/PlaygroundRoute'), queryClient),
            },
            {
              path: 'topology',
              handle: { crumb: () => 'GPU topology' },
              ...page(() => import('../features/topology/routes/TopologyRoute'), queryClient),
            },
            {
              path: 'flavors',
              handle: { crumb: () => 'Flavors' },
              ...page(() => import('../features/flavors/routes/FlavorCatalogRoute'), queryClient),
            },
            {
              path: 'images',
              handle: { crumb: () => 'Images' },
              children: [
                { index: true, ...page(() => import('../features/images/routes/ImageListRoute'), queryClient) },
                {
                  path: 'new',
                  handle: { crumb: () => createVerb(resources.images) },
                  ...page(() => import('../features/images/routes/ImageCreateRoute'), queryClient),
                },
                { path: ':imageId', ...page(() => import('../features/images/routes/ImageDetailRoute'), queryClient) },
              ],
            },
            {
              path: resources.organizations.path,
              handle: { crumb: () => navLabel(resources.organizations) },
              children: [
                {
                  index: true,
                  ...page(() => import('../features/organization/routes/OrganizationRoute'), queryClient),
                },
                {
                  path: ':organizationId/edit',
                  handle: { crumb: () => 'Edit' },
                  ...page(() => import('../features/organization/routes/OrganizationEditRoute'), queryClient),
                },
              ],
            },
            ...resourcePages(Object.values(resources), queryClient),
            // In the entry chunk anyway: the error boundary shows it for 404s.
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ]
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient))
}
