import { QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError, isNotOffered, isSessionEnded, withTraceIds } from '../api/errors'

// A client error will not fix itself by retrying, nor will an operation the platform does not offer; a flaky network
// or another 5xx might. A service that did not answer in
// time (the console server's 504, or no answer at all) is not asked again: each try would keep the page waiting as
// long again, and the user is better served by the message and the page's own Try again.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  // A 501: the platform does not offer it, and asking again will not change that.
  if (isNotOffered(error)) return false
  if (isApiError(error) && (error.status === 504 || error.code === 'timeout')) return false
  if (isApiError(error) && error.code === 'missing_path_parameter') return false
  return failureCount < 2
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // Only a background refresh that fails while data is on screen gets a toast: a first load that fails is
      // shown by the route's error boundary, and a 401 by the sign-in overlay.
      onError: (error, query) => {
        if (query.state.data === undefined) return
        if (isSessionEnded(error)) return
        // From the chunk the notifications' host loads after the first paint, rather than in the entry; a chunk
        // gone since a deploy leaves the data shown as it is, with no uncaught error.
        void import('@mantine/notifications')
          .then(({ notifications }) =>
            notifications.show({
              id: `refresh-${query.queryHash}`,
              color: 'amber',
              title: 'Could not refresh',
              message: `${withTraceIds(error.message, error)} The data shown may be out of date.`,
            }),
          )
          .catch(() => undefined)
      },
    }),
    defaultOptions: {
      queries: { staleTime: 10_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  })
  return queryClient
}
