import { render, screen } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors'
import { AppProviders } from './providers'
import { createQueryClient } from './query-client'

const unreachable = () =>
  new ApiError({
    status: 502,
    code: 'upstream_unreachable',
    message: 'The region service did not answer.',
    service: 'region',
    method: 'GET',
    path: '/api/v2/networks',
  })

describe('a background refresh that fails', () => {
  it('says so in a toast while the data it could not refresh stays on screen', async () => {
    notifications.clean()
    const queryClient = createQueryClient()
    queryClient.setQueryData(['networks'], ['net-1'])
    render(
      <AppProviders queryClient={queryClient} env="test">
        {null}
      </AppProviders>,
    )
    await queryClient
      .fetchQuery({ queryKey: ['networks'], queryFn: () => Promise.reject(unreachable()), retry: false, staleTime: 0 })
      .catch(() => undefined)
    await screen.findByText('Could not refresh')
    screen.getByText(/The region service did not answer\. The data shown may be out of date\./)
    expect(queryClient.getQueryData(['networks'])).toEqual(['net-1'])
  })

  it('says nothing when there was no data yet: the page’s own error shows that', async () => {
    notifications.clean()
    const queryClient = createQueryClient()
    render(
      <AppProviders queryClient={queryClient} env="test">
        {null}
      </AppProviders>,
    )
    await queryClient
      .fetchQuery({ queryKey: ['networks'], queryFn: () => Promise.reject(unreachable()), retry: false })
      .catch(() => undefined)
    // The toast would come from a chunk loaded on demand: let that import settle before looking.
    await import('@mantine/notifications')
    expect(screen.queryByText('Could not refresh')).toBeNull()
  })
})
