import { QueryClient } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from './providers'
import { appRoutes } from './router'
import { DEFAULT_WINDOW_WIDTH, setWindowWidth } from '../test/window-width'

afterEach(() => {
  vi.unstubAllGlobals()
  setWindowWidth(DEFAULT_WINDOW_WIDTH)
})

/** The app's routes at /networks, their data never arriving: the platform never answers, as on a slow network. */
function renderNetworksPage() {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
  const queryClient = new QueryClient()
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: ['/networks'] })
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  )
}

describe('the first page of a visit', () => {
  it("shows the layout, with a spinner where the page goes, while the page's data is still on its way", async () => {
    renderNetworksPage()
    expect(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Networks' })).toBeTruthy()
    expect(screen.getByLabelText('Loading')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Networks' })).toBeNull()
  })
})

describe('the layout on a phone', () => {
  it('offers the navigation behind the burger and leaves out the scope pickers it has no room for', async () => {
    setWindowWidth(400)
    renderNetworksPage()
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' }, { timeout: 20_000 })
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Project' })).toBeNull()
    fireEvent.click(burger)
    expect(await screen.findByRole('link', { name: 'Networks' })).toBeTruthy()
  })

  it('shows the scope pickers and the navigation beside the page on a wider screen', async () => {
    renderNetworksPage()
    expect(await screen.findByRole('combobox', { name: 'Project' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
  })
})
