import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from './providers'
import { appRoutes } from './router'

afterEach(() => vi.unstubAllGlobals())

describe('the first page of a visit', () => {
  it("shows the layout, with a spinner where the page goes, while the page's data is still on its way", async () => {
    // The platform never answers: the page's loader waits for good, as it would on a slow network.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
    const queryClient = new QueryClient()
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: ['/networks'] })
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    )
    expect(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Networks' })).toBeTruthy()
    expect(screen.getByLabelText('Loading')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Networks' })).toBeNull()
  })
})
