import { Center, Loader } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import type { RouteModule } from '../lib/route-module'
import { NotFoundPage } from './pages/NotFoundPage'
import { RouteErrorBoundary } from './pages/RouteErrorBoundary'

// The shell (menus, selects, tooltips and their positioning library) is a chunk of its own, which index.html preloads
// beside the entry (vite.config.ts): the entry stays what the sign-in page needs.
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
        handle: module.handle,
        shouldRevalidate: module.shouldRevalidate,
      }
    },
  }
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
              path: 'networks',
              handle: { crumb: () => 'Networks' },
              children: [
                { index: true, ...page(() => import('../features/networks/routes/NetworkListRoute'), queryClient) },
                { path: 'new', ...page(() => import('../features/networks/routes/NetworkCreateRoute'), queryClient) },
                {
                  path: ':networkId',
                  ...page(() => import('../features/networks/routes/NetworkDetailRoute'), queryClient),
                },
                {
                  path: ':networkId/edit',
                  ...page(() => import('../features/networks/routes/NetworkEditRoute'), queryClient),
                },
              ],
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
              path: 'security-groups',
              handle: { crumb: () => 'Security groups' },
              children: [
                {
                  index: true,
                  ...page(() => import('../features/security-groups/routes/SecurityGroupListRoute'), queryClient),
                },
                {
                  path: 'new',
                  ...page(() => import('../features/security-groups/routes/SecurityGroupCreateRoute'), queryClient),
                },
                {
                  path: ':securityGroupId',
                  ...page(() => import('../features/security-groups/routes/SecurityGroupDetailRoute'), queryClient),
                },
                {
                  path: ':securityGroupId/edit',
                  ...page(() => import('../features/security-groups/routes/SecurityGroupEditRoute'), queryClient),
                },
              ],
            },
            {
              path: 'file-storage',
              handle: { crumb: () => 'File storage' },
              children: [
                {
                  index: true,
                  ...page(() => import('../features/file-storage/routes/FileStorageListRoute'), queryClient),
                },
                {
                  path: 'new',
                  ...page(() => import('../features/file-storage/routes/FileStorageCreateRoute'), queryClient),
                },
                {
                  path: ':fileStorageId',
                  ...page(() => import('../features/file-storage/routes/FileStorageDetailRoute'), queryClient),
                },
                {
                  path: ':fileStorageId/edit',
                  ...page(() => import('../features/file-storage/routes/FileStorageEditRoute'), queryClient),
                },
              ],
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
                { path: ':imageId', ...page(() => import('../features/images/routes/ImageDetailRoute'), queryClient) },
              ],
            },
            {
              path: 'users',
              handle: { crumb: () => 'Users' },
              children: [
                { index: true, ...page(() => import('../features/users/routes/UserListRoute'), queryClient) },
                { path: 'new', ...page(() => import('../features/users/routes/UserCreateRoute'), queryClient) },
                { path: ':userId', ...page(() => import('../features/users/routes/UserDetailRoute'), queryClient) },
                { path: ':userId/edit', ...page(() => import('../features/users/routes/UserEditRoute'), queryClient) },
              ],
            },
            {
              path: 'service-accounts',
              handle: { crumb: () => 'Service accounts' },
              children: [
                {
                  index: true,
                  ...page(() => import('../features/service-accounts/routes/ServiceAccountListRoute'), queryClient),
                },
                {
                  path: 'new',
                  ...page(() => import('../features/service-accounts/routes/ServiceAccountCreateRoute'), queryClient),
                },
                {
                  path: ':serviceAccountId',
                  ...page(() => import('../features/service-accounts/routes/ServiceAccountDetailRoute'), queryClient),
                },
                {
                  path: ':serviceAccountId/edit',
                  ...page(() => import('../features/service-accounts/routes/ServiceAccountEditRoute'), queryClient),
                },
              ],
            },
            {
              path: 'projects',
              handle: { crumb: () => 'Projects' },
              children: [
                { index: true, ...page(() => import('../features/projects/routes/ProjectListRoute'), queryClient) },
                { path: 'new', ...page(() => import('../features/projects/routes/ProjectCreateRoute'), queryClient) },
                {
                  path: ':projectId',
                  ...page(() => import('../features/projects/routes/ProjectDetailRoute'), queryClient),
                },
                {
                  path: ':projectId/edit',
                  ...page(() => import('../features/projects/routes/ProjectEditRoute'), queryClient),
                },
              ],
            },
            {
              path: 'groups',
              handle: { crumb: () => 'Groups' },
              children: [
                { index: true, ...page(() => import('../features/groups/routes/GroupListRoute'), queryClient) },
                { path: ':groupId', ...page(() => import('../features/groups/routes/GroupDetailRoute'), queryClient) },
              ],
            },
            {
              path: 'instances',
              handle: { crumb: () => 'Instances' },
              children: [
                { index: true, ...page(() => import('../features/instances/routes/InstanceListRoute'), queryClient) },
                { path: 'new', ...page(() => import('../features/instances/routes/InstanceCreateRoute'), queryClient) },
                {
                  path: ':instanceId',
                  ...page(() => import('../features/instances/routes/InstanceDetailRoute'), queryClient),
                },
                {
                  path: ':instanceId/edit',
                  ...page(() => import('../features/instances/routes/InstanceEditRoute'), queryClient),
                },
              ],
            },
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
