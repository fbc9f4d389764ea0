// In a DOM: TanStack Query sets no refetch timers where there is no window.
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pollWhileSettling } from './settling'

describe('pollWhileSettling', () => {
  afterEach(() => vi.useRealTimers())

  it('stops a settling detail polling once it is deleted, so no poll asks for what is gone', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const queryKey = ['securityGroups', 'detail', 'sg-1']
    let fetches = 0
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: async () => {
        fetches++
        return { metadata: { provisioningStatus: 'provisioning' } }
      },
      refetchInterval: pollWhileSettling,
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(2_500)
    // Polling while it provisions.
    expect(fetches).toBeGreaterThan(1)
    // What deleting it does to its detail (m() in endpoint.ts): stale, but not asked for again.
    await client.invalidateQueries({ queryKey: ['securityGroups', 'detail'], refetchType: 'none' })
    const before = fetches
    await vi.advanceTimersByTimeAsync(5_000)
    expect(fetches).toBe(before)
    unsubscribe()
    client.clear()
  })
})
