import type { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { LoaderFunctionArgs, Params } from 'react-router'
import { q } from '../api/endpoint'
import { groupApi } from '../api/identity'
import { consoleConfigQuery } from '../api/session'
import { getScope, type Scope } from './scope'
import { ensureScope } from './scope-loader'

/**
 * A create route module's loader: it waits for the scope the form's pickers start from and the base URLs its request
 * preview shows, and for what the form's first values are derived from (`wait`, given the opened URL); then, not
 * waited for, what its pickers will list. The page's crumb is the router's (app/router.tsx).
 */
export function createFormRoute({
  prefetch,
  wait,
}: {
  prefetch?: (queryClient: QueryClient, scope: Scope) => void
  wait?: (queryClient: QueryClient, url: URL) => Promise<unknown>
} = {}) {
  return {
    loader:
      (queryClient: QueryClient) =>
      async ({ request }: LoaderFunctionArgs) => {
        const [scope] = await Promise.all([ensureScope(queryClient), queryClient.ensureQueryData(consoleConfigQuery())])
        prefetch?.(queryClient, scope)
        await wait?.(queryClient, new URL(request.url))
        return null
      },
  }
}

/**
 * A regional create form's first values, read once (a later change of the header's scope never resets the input):
 * nothing named yet, placed where the scope points, then the form's own fields.
 */
export function usePlacedDefaults<T extends object>(own: T) {
  const [defaults] = useState(() => ({ ...placedDefaults(getScope()), ...own }))
  return defaults
}

function placedDefaults(scope: Scope) {
  return {
    name: '',
    description: '',
    tags: [] as { name: string; value: string }[],
    organizationId: scope.organizationId ?? '',
    projectId: scope.projectId ?? '',
    regionId: scope.regionId ?? '',
  }
}

/** For the identity forms' group picker. */
export const prefetchGroups = (queryClient: QueryClient, { organizationId }: Scope) => {
  if (organizationId) void queryClient.prefetchQuery(q(groupApi.list, { organizationID: organizationId }))
}

/** An edit form's loader: the resource it edits (from the route's params) and the preview's base URLs. */
export function editFormLoader(detail: (queryClient: QueryClient, params: Params) => Promise<unknown>) {
  return (queryClient: QueryClient) =>
    async ({ params }: LoaderFunctionArgs) => {
      await Promise.all([detail(queryClient, params), queryClient.ensureQueryData(consoleConfigQuery())])
      return null
    }
}
