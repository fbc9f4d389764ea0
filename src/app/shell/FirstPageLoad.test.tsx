import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { q } from '../../api/endpoint'
import { organizationApi } from '../../api/identity'
import { setScope } from '../../lib/scope'
import FirstPageLoad from './FirstPageLoad'

function renderAt(path: string, queryClient = new QueryClient()) {
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <FirstPageLoad />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  )
}

// The header the page will show, while its code and data are on their way; the spinner below says the rest is coming.
describe('the first page while it loads', () => {
  it("shows a list's header", () => {
    renderAt('/networks')
    expect(screen.getByRole('heading', { level: 1, name: 'Networks' })).toBeTruthy()
    expect(screen.getByText(/^Layer 3 networks: address ranges/)).toBeTruthy()
    expect(screen.getByLabelText('Loading')).toBeTruthy()
  })

  it("shows a create form's header, named as its button is", () => {
    renderAt('/users/new')
    expect(screen.getByRole('heading', { level: 1, name: 'Add user' })).toBeTruthy()
    expect(screen.getByText(/^Someone who signs in with their e-mail address/)).toBeTruthy()
  })

  it("shows the overview's header with the organization's name", () => {
    setScope({ organizationId: 'org-1' })
    const queryClient = new QueryClient()
    queryClient.setQueryData(q(organizationApi.list, {}).queryKey, [
      { metadata: { id: 'org-1', name: 'acme-ai' } },
    ] as never)
    renderAt('/', queryClient)
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy()
    expect(screen.getByText(/^acme-ai at a glance/)).toBeTruthy()
  })

  it('shows no header it does not know: an item is named by its data', () => {
    renderAt('/networks/0b8a5e1c-9f7e-4a0e-8a55-3c3a9f1c0b11')
    expect(screen.queryByRole('heading')).toBeNull()
    expect(screen.getByLabelText('Loading')).toBeTruthy()
  })
})
