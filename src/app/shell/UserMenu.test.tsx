import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Session } from '../../api/session'
import { UserMenu } from './UserMenu'

/** The account button for a session as the console server answered it. */
function renderFor(session: Session) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(['session'], session)
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <UserMenu />
      </MantineProvider>
    </QueryClientProvider>,
  )
  return screen.getByRole('button', { name: /^Account:/ })
}

describe('the account button', () => {
  it('names an OpenID Connect user whose provider sent only `sub` by the subject, not as a token session', () => {
    const button = renderFor({ kind: 'oidc', person: { subject: 'u-248289761001' } })
    expect(button.getAttribute('aria-label')).toBe('Account: u-248289761001')
    expect(button.textContent).toBe('U')
  })

  it('names a pasted token as a token session', () => {
    const button = renderFor({ kind: 'token' })
    expect(button.getAttribute('aria-label')).toBe('Account: Token session')
    expect(button.textContent).toBe('TK')
  })
})
