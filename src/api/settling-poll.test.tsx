// In a DOM: TanStack Query sets no refetch timers where there is no window.
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureApi, resetApiConfig } from './config'
import { m } from './endpoint'
import { fakeFetch } from '../test/fakeFetch'
import { fileStorageApi } from './fileStorage'
import { pollWhileSettling } from './settling'

describe('pollWhileSettling', () => {
  afterEach(() => {
    vi.useRealTimers()
    resetApiConfig()
  })

  it('holds a settling detail’s poll while its delete is in flight, so no poll lands after the delete', async () => {
    vi.useFakeTimers()
    const client = new QueryClient()
    const queryKey = ['fileStorage', 'detail', { filestorageID: 'fs-1' }]
    let polls = 0
    let answerDelete = () => {}
    configureApi({
      fetch: fakeFetch(
        () =>
          new Promise<Response>((resolve) => {
            answerDelete = () => resolve(new Response(null, { status: 202 }))
          }),
      ).fetch,
    })
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: async () => {
        polls++
        return { metadata: { provisioningStatus: 'provisioning' } }
      },
      refetchInterval: pollWhileSettling,
    })
    const unsubscribe = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(1_500)
    expect(polls).toBeGreaterThan(1)
    // The platform takes its time to answer the delete; meanwhile the page must not ask for the storage again.
    const deleting = new MutationObserver(client, m(fileStorageApi.delete)).mutate({ filestorageID: 'fs-1' })
    await vi.advanceTimersByTimeAsync(0)
    const before = polls
    await vi.advanceTimersByTimeAsync(3_000)
    expect(polls).toBe(before)
    answerDelete()
    await deleting
    await vi.advanceTimersByTimeAsync(3_000)
    expect(polls).toBe(before)
    unsubscribe()
    client.clear()
  })

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
