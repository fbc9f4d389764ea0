import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/errors'
import type { ConsoleConfig } from '../../api/session'
import { notifyUnauthorized } from '../../api/unauthorized'
import { SessionGate } from './SessionGate'

const upstream = 'http://127.0.0.1:1/local'
const CONFIG: ConsoleConfig = {
  upstreams: {
    region: `${upstream}/region`,
    compute: `${upstream}/compute`,
    identity: `${upstream}/identity`,
    aiproxy: `${upstream}/aiproxy`,
    inference: `${upstream}/inference`,
    reservation: `${upstream}/reservation`,
    storage: `${upstream}/storage`,
    nks: `${upstream}/nks`,
  },
  localCloud: true,
  demoSignIn: true,
  oidc: null,
  embeddings: null,
  numbers: null,
}

/** A signed-in page under the gate, as the console server's session and configuration answered. */
function renderSignedIn() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(['session'], { kind: 'token' })
  client.setQueryData(['consoleConfig'], CONFIG)
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <SessionGate onSignedIn={() => {}}>
          <p>The page</p>
        </SessionGate>
      </MantineProvider>
    </QueryClientProvider>,
  )
}

const ended = (service: 'region' | 'console', message: string) =>
  new ApiError({ status: 401, code: 'unauthorized', message, service, method: 'GET', path: '/api/v2/networks' })

describe('the session-ended dialog', () => {
  it('names the service that refused the credential, in its words', async () => {
    renderSignedIn()
    act(() => notifyUnauthorized(ended('region', 'token is expired')))
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' })
    expect(
      within(dialog).getByText(
        "The regional API refused your session's credential (GET /api/v2/networks): token is expired",
      ),
    ).toBeTruthy()
    expect(screen.getByText('The page')).toBeTruthy()
  })

  it('says the console server ended it, and why, when no platform service was asked', async () => {
    renderSignedIn()
    const signedOut = new ApiError({
      status: 401,
      code: 'unauthorized',
      message: 'This browser signed out of the console, in another tab or window, which ended this session too.',
      service: 'identity',
      method: 'GET',
      path: '/api/v1/organizations/acme/acl',
      sessionEnd: 'signed-out',
    })
    act(() => notifyUnauthorized(signedOut))
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' })
    expect(dialog.textContent).toContain(
      'Ended by the console server: This browser signed out of the console, in another tab or window',
    )
    expect(dialog.textContent).not.toContain('identity API')
  })
})
