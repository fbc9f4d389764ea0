import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NotFoundPage } from './NotFoundPage'

describe('the not-found page', () => {
  it('leads back to the overview, where the console starts', () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/no-such-page']}>
          <NotFoundPage />
        </MemoryRouter>
      </MantineProvider>,
    )
    expect(screen.getByRole('link', { name: 'Go to the overview' }).getAttribute('href')).toBe('/')
    // What the console knows: no route matches. Why the user came here, it does not know.
    expect(screen.getByText('There is no page at this address.')).toBeTruthy()
  })
})
